#!/bin/bash
# Session 72, ready for the next H200 call (not run; `.peers` carried; about 9 minutes).
# 1. Gm_prefill_dn's public op on its new table row (row stores, exact starts): the GPU test of
#    the public op at that shape, then the benchmark beside the peers (run479 timed the old row),
#    with Gm_prefill_gu again (run479 / run480: 801.3 / 795.6 us against the bar's 800).
# 2. session 71's illegal instruction on DS_G16_m64_gu/fp8 with exact starts, its two candidates
#    apart, each variant in a process of its own (an illegal instruction ends the process's CUDA
#    context): fp8's lhs through the untiled view at the old starts, then the exact starts.
#    fp8_exact_experiment.patch here adds both flags (off by default) to session 72's code
#    (session 71's no longer applied, run481); `git apply --check` first, so a stale patch stops
#    the step instead of timing the table config twice.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
STEPS=${STEPS:-12}
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
patch=benchmarks/results/logs/session72/fp8_exact_experiment.patch
date +%T
if [[ $STEPS == *1* ]]; then
  GPU_TESTS_K="grouped_gemm_peers_shapes and Gm_prefill_dn" bash benchmarks/gpu_tests.sh 150 2
  grep -E "passed|failed" $OUT/gpu_suite.log | tail -2
  with_peers
  timeout 200 python3 -m benchmarks.grouped_gemm --only Gm_prefill_dn,Gm_prefill_gu --layouts contiguous \
    --novariants --iters 20 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
  echo "bench rc ${PIPESTATUS[0]}"
  grep -E "^\| Gm" $OUT/bench.log
  cp $OUT/bench/*/grouped_gemm.json $OUT/bench.json 2>/dev/null; rm -rf $OUT/bench
  date +%T
fi
if [[ $STEPS == *2* ]]; then
  if git apply --check $patch; then
    git apply $patch
    for v in "untiled=mosaic.FP8_UNTILED_LHS:true" "exact=support.EXACT_STARTS_FP8:true"; do
      bash $ab 90 fp8_${v%%=*} 1 DS_G16_m64_gu/fp8 table "$v"
    done
    git apply -R $patch
  fi
  date +%T
fi
