#!/bin/bash
# Session 72, call 2 (one H200, repository root, `.peers` carried): the GPU tests of
# session71/h200_next.sh's step 1 that run477's and run478's limits left out, then the public op
# beside the peers on Gm_prefill_gu once more (no XLA variants).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
GPU_TESTS_K="pallas_group_tiles or grouped_gemm_peers_shapes or n_edge_k_major or pallas_swiglu or half_tiles or pallas_fp8" \
  bash benchmarks/gpu_tests.sh 330 6 benchmarks/results/logs/session71/run477/gpu_tests.log \
  benchmarks/results/logs/session72/run478/gpu_tests.log
date +%T
with_peers
timeout 170 python3 -m benchmarks.grouped_gemm --only Gm_prefill_gu --novariants \
  --layouts contiguous --iters 20 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
echo "bench rc ${PIPESTATUS[0]}"
grep -E "^\| Gm" $OUT/bench.log
cp $OUT/bench/*/grouped_gemm.json $OUT/bench.json 2>/dev/null; rm -rf $OUT/bench
date +%T
