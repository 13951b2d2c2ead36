#!/bin/bash
# Session 65, one H200 (repository root). run442's probe streams Gm_decode_dn's weights through the
# table config's ring (64 x 128 boxes, 6 stages) in 113.0 us where the kernel with every wgmma
# skipped took 123.3-124.8 (run441). Which of the kernel's other parts costs the difference?
# `ablate_parts_experiment.patch` (device only) adds, beside ABLATE_MMA: ABLATE_LHS (no lhs
# loads), ABLATE_STORES (no epilogue stores), ABLATE_SEARCH (no tile search: a made-up tile).
# Every ablation is wrong by design, timed unchecked; "table" is the committed kernel.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
git apply benchmarks/results/logs/session65/ablate_parts_experiment.patch || exit 1
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
m=mosaic.ABLATE_MMA:true
bash $ab 280 parts 2 Gm_decode_dn,DS_G16_m32_dn,Gm_decode_dn/masked table "loads=$m,check:false" \
  "nolhs=$m,mosaic.ABLATE_LHS:true,check:false" "nostores=$m,mosaic.ABLATE_STORES:true,check:false" \
  "nosearch=$m,mosaic.ABLATE_SEARCH:true,check:false" \
  "bare=$m,mosaic.ABLATE_LHS:true,mosaic.ABLATE_STORES:true,mosaic.ABLATE_SEARCH:true,check:false"
