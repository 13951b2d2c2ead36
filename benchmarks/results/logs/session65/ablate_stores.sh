#!/bin/bash
# Session 65, one H200 (repository root). run443: Gm_decode_dn's stores (5.8 MB) cost its kernel
# 8.3 us, DS_G16_m32_dn's (14.7 MB) 6.6; run444: not the metadata's loads. Group tiles write each
# segment's whole 8-row tiles by TMA boxes and the at most 7 rows at either end by ordinary stores
# from registers (`_mgpu.store_rows_direct`). `ablate_stores_experiment.patch` (device only):
# ABLATE_DIRECT skips the latter, ABLATE_BOXES the former; unchecked (wrong by design).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
git apply benchmarks/results/logs/session65/ablate_stores_experiment.patch || exit 1
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $ab 200 stores 2 Gm_decode_dn,DS_G16_m32_dn table \
  "nodirect=mosaic.ABLATE_DIRECT:true,check:false" "noboxes=mosaic.ABLATE_BOXES:true,check:false" \
  "neither=mosaic.ABLATE_DIRECT:true,mosaic.ABLATE_BOXES:true,check:false"
