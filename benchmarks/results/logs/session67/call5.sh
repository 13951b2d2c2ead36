#!/bin/bash
# Session 67, fifth one-H200 call (the last of the session's device time): the new GPU test of
# fp8 deferred row stores (128 x 128 group tiles, 5 stages) on the two fp8 decode rows, contiguous
# and masked, against the float32 reference.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
timeout 200 python3 -m pytest -m gpu -v --tb=short tests/gpu/test_gpu_ops.py \
  -k "fp8_deferred_row_stores and 128x128 and (DS_G16_m64_gu or DS_G4_m256_gu)" 2>&1 \
  | grep -Ev "$F" > $OUT/gpu_tests.log
grep -E "PASSED|FAILED|^E |passed|failed" $OUT/gpu_tests.log | head -20
