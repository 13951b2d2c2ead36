#!/bin/bash
# Session 44, call 1: the last column tile narrowed to the columns left (mosaic.NARROW, an
# experiment flag then; NARROW_LOADS: the producer loads only those columns too). Gemma prefill
# gate/up (N = 1408 = 5.5 x 256) in 256-column tiles against the table's 128 x 128; the
# SwiGLU form (its table config, 128 x 256: 704 output columns = 5.5 x 128). Checked, one
# process each, 2 rounds. Result: the narrow loads into a [K, N] tile failed to build (a column
# slice of the swizzled tile is not contiguous: "async_copy needs the SMEM reference to be
# contiguous"); the narrowed consumer with whole loads ran slower than the whole tile.
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 330 narrow_gmgu 2 \
  Gm_prefill_gu table n256=block_n:256,num_stages:4 \
  n256wide=block_n:256,num_stages:4,mosaic.NARROW:false \
  n256fullload=block_n:256,num_stages:4,mosaic.NARROW_LOADS:false \
  n256s3=block_n:256,num_stages:3
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 200 narrow_gmsw 2 \
  Gm_prefill_gu/swiglu table wide=mosaic.NARROW:false
