#!/bin/bash
# Session 66, first one-GPU call (repository root, `.peers` carried): the second half of session
# 65's h200_next.sh, split because one call may run 600 s. The GPU tests that check
# segment_stores="rows" at real sizes, Gm_decode_dn and DS_G16_m32_dn's public op beside the
# peers, then row_stage_experiment.patch's A/B (it patches the kernel, so it runs last).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
t0=$SECONDS
timeout 180 python3 -m pytest -m gpu -q tests/gpu/test_gpu_ops.py \
  -k "grouped_gemm_pallas_group_tiles or n_edge_k_major" 2>&1 | grep -Ev "$F" > $OUT/gpu_tests.log
tail -3 $OUT/gpu_tests.log; echo "tests $((SECONDS - t0)) s"
with_peers
t0=$SECONDS
timeout 200 python3 -m benchmarks.grouped_gemm --only Gm_decode_dn,DS_G16_m32_dn --layouts contiguous \
  --iters 20 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
echo "bench rc ${PIPESTATUS[0]}, $((SECONDS - t0)) s"
tail -6 $OUT/bench.log
git apply benchmarks/results/logs/session65/row_stage_experiment.patch || exit 1
bash $ab 190 row_stage 2 Gm_decode_dn,DS_G16_m32_dn,Gm_prefill_gu table stage=mosaic.ROW_STAGE:true
