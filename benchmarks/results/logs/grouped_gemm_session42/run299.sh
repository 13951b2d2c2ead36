#!/bin/bash
# Session 42, call 7: DS_G1_m1024_gu/fp8's configs again on the kernel that reads the scales a
# step ahead (the table row dates from session 32's kernel): the table's (128 x 192 group tiles,
# stream-K, "lanes" partials), row tiles without stream-K, "tile" partials, 128 x 128 group
# tiles with stream-K at 4 and 5 stages. Checked, one process.
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $B 300 cfg_g1 2 DS_G1_m1024_gu/fp8 table rows=tiles:rows,stream_k:false,sk_partials:tile \
  sktile=sk_partials:tile n128=block_n:128 n128s5=block_n:128,num_stages:5
