#!/bin/bash
# Session 47, call 1: the masked decode rows' configs on the current kernel. DS_G16_m32_dn/masked
# still runs session 29's 64 x 256 row tiles (4 stages, band 2) while its contiguous form and the
# Gemma masked decode rows moved to 64 x 128 (split n, 5-6 stages) in session 33; it was 0.98x
# cuBLAS batched in run291. DS_G16_m64_gu/masked and Gm_decode_dn/masked lead cuBLAS batched by
# under 1% (run319, run291). 2 rounds each, kernel us, checked.
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $ab 230 ds_dn_masked_run336 2 DS_G16_m32_dn/masked table \
  n128s5=block_n:128,num_stages:5 n128s6=block_n:128,num_stages:6 \
  n128s6b1=block_n:128,num_stages:6,band:1 grp=block_n:128,num_stages:6,band:1,tiles:groups
bash $ab 170 ds_gu_masked_run336 2 DS_G16_m64_gu/masked table s4=num_stages:4 grp=tiles:groups
bash $ab 170 gm_dn_masked_run336 2 Gm_decode_dn/masked table s6=num_stages:6 b1=band:1 \
  grp=tiles:groups
