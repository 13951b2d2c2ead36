#!/bin/bash
# Session 68, fourth one-H200 call: the mended stream_lhs.py (the full barriers expect both
# copies of a step; run459's lhs variants failed to launch), then the four fp8 deferred row
# stores GPU test cases run459's 380 s limit cut (the two prefill rows, both configs). run460
# ran the mended probe as a copy, session68/stream_lhs.py (at cb9b79b); the review folded its
# one-line mend into session 67's file, which this now runs (the same code).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
timeout 130 python3 -m benchmarks.results.logs.session67.stream_lhs $OUT/stream_lhs.json 2>&1 \
  | grep -Ev "$F" | grep -v "cuda_\|Source Location\|^$" | tee $OUT/stream_lhs.log | head -20
timeout 250 python3 -m pytest -m gpu -v --tb=short tests/gpu/test_gpu_ops.py -k \
  "fp8_deferred_row_stores and (DS_prefill or Gm_prefill)" 2>&1 | grep -Ev "$F" > $OUT/gpu_tests.log
grep -E "PASSED|FAILED|^E |passed|failed" $OUT/gpu_tests.log | head -20
