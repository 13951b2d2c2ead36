#!/bin/bash
# Written in session 61, not yet run: for the next one-GPU call on an H200 (repository root).
# run419's baseline: ptxas on the committed kernel's Gemma gate/up builds (the table's 128 x 128
# group tiles and 128 x 256, band 8), one round, so that run419's spills (28 / 344 bytes) and
# C7515 on the narrow-tile kernel can be told apart from what the committed 128 x 256 build has.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 240 base_ptxas 1 Gm_prefill_gu \
  table n256=block_n:256,num_stages:4,band:8
