#!/bin/bash
# Session 66, third one-GPU call. Mosaic GPU inserts a warpgroup barrier before and after every
# store from registers into shared memory ("auto barriers"); no_auto_barriers_experiment.patch
# adds mosaic.NO_AUTO_BARRIERS (CompilerParams(unsafe_no_auto_barriers=True)) to see what they
# cost (the outputs are still checked; a race could pass a check by luck, so this only
# measures). Then 64 x 256 group tiles with row stores on the two decode down rows (session 65's
# "n256rows", the table's 64 x 128 beside it).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
git apply benchmarks/results/logs/session66/no_auto_barriers_experiment.patch || exit 1
bash $ab 230 noab 2 Gm_decode_dn,DS_G16_m32_dn,Gm_prefill_gu,DS_G16_m64_gu/fp8 \
  table noab=mosaic.NO_AUTO_BARRIERS:true
bash $ab 170 rows_n256 2 Gm_decode_dn,DS_G16_m32_dn table n256rows=block_n:256,num_stages:4
