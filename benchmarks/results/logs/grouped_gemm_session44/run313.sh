#!/bin/bash
# Session 44, call 2: the narrowed last column tile run as the tile's first column piece (the
# tail pieces' build: mosaic.NARROW_AS_PIECE) or as a branch of its own (NARROW_AS_PIECE:false),
# against the whole tile (NARROW:false); [K, N] weights load whole tiles (clipped past N).
# Gemma prefill gate/up in 128 x 256 tiles beside the table's 128 x 128; its SwiGLU form.
# PTXAS=1 (spills), checked, one process each, 2 rounds.
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 300 piece_gmgu 2 \
  Gm_prefill_gu table n256=block_n:256,num_stages:4 \
  n256sep=block_n:256,num_stages:4,mosaic.NARROW_AS_PIECE:false \
  n256wide=block_n:256,num_stages:4,mosaic.NARROW:false
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 200 piece_gmsw 2 \
  Gm_prefill_gu/swiglu table wide=mosaic.NARROW:false
