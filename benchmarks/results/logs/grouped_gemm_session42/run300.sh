#!/bin/bash
# Session 42, call 8: DS_G16_m64_gu/fp8 (contiguous), the one row the step-ahead scale reads
# slowed (run295-296), on other configs: the table's (128 x 128 group tiles, 4 stages), 5 stages,
# row tiles, 128 x 192 group tiles, 64 x 256 split by columns. Checked, one process.
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $B 300 cfg_g16 2 DS_G16_m64_gu/fp8 table s5=num_stages:5 rows=tiles:rows \
  n192=block_n:192 m64=block_m:64,block_n:256,split:n
