#!/bin/bash
# Session 71, ready for the next H200 calls (not run; `.peers` carried). Two calls of about 6
# minutes each: `STEPS=1 bash .../h200_next.sh`, then `STEPS=23 bash .../h200_next.sh`.
# 1. The GPU tests that run477's limit left out, on exact starts (16-bit row-store group tiles
#    start at their segment's first row): group tiles on every shape of several groups, the
#    public op on every shape, K-major N edges, SwiGLU, half tiles, and the fp8 kernel (its tile
#    rows now reach the lhs loads as multiples of 8 by a hint, not by a product with 8: only
#    interpret-tested and lowered since); `benchmarks/gpu_tests.sh` with GPU_TESTS_K, 6
#    processes, leaving out what run477 passed (a call cut by the limit: rerun with its log too).
# 2. Gemma's prefill down projection with row stores (exact starts) against its table config
#    (swizzled stores) and against row stores with the old starts, 3 rounds: run476 had one
#    round, 404.8 against 409.3 us.
# 3. run476's illegal instruction on DS_G16_m64_gu/fp8 with exact starts: its two candidates
#    apart, each variant in a process of its own (an illegal instruction ends the process's CUDA
#    context): fp8's lhs through the untiled view at the old starts, then the exact starts (lhs
#    untiled, scales' TMA row at any offset). fp8_exact_experiment.patch adds both flags (off by
#    default); both variants export under jax 0.10.2 and 0.11.2 on CPU (AB_LOWER=1).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
STEPS=${STEPS:-123}
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
date +%T
if [[ $STEPS == *1* ]]; then
  GPU_TESTS_K="pallas_group_tiles or grouped_gemm_peers_shapes or n_edge_k_major or pallas_swiglu or half_tiles or pallas_fp8" \
    bash benchmarks/gpu_tests.sh 480 6 benchmarks/results/logs/session71/run477/gpu_tests.log
  date +%T
fi
if [[ $STEPS == *2* ]]; then
  bash $ab 200 exact_gm_dn 3 Gm_prefill_dn table "rows=segment_stores:rows" \
    "rowsold=segment_stores:rows,support.EXACT_STARTS:false"
  date +%T
fi
if [[ $STEPS == *3* ]]; then
  git apply benchmarks/results/logs/session71/fp8_exact_experiment.patch
  for v in "untiled=mosaic.FP8_UNTILED_LHS:true" "exact=support.EXACT_STARTS_FP8:true"; do
    bash $ab 90 fp8_${v%%=*} 1 DS_G16_m64_gu/fp8 table "$v"
  done
  git apply -R benchmarks/results/logs/session71/fp8_exact_experiment.patch
  date +%T
fi
