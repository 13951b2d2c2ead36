#!/bin/bash
# Session 54, call 4 (one GPU): the N-edge GPU tests that run380's 330 s limit cut (it ran the
# three prefill cases, whose float32 references are large): the decode cases and fp8.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 330 python3 -m pytest -m gpu -v tests/gpu/test_gpu_ops.py -k "n_edge and (t128 or fp8)" 2>&1 | grep -Ev "$F" > $OUT/gpu_tests_n_edge_rest.log
echo "tests: $SECONDS s"; grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/gpu_tests_n_edge_rest.log | sed 's/.*test_gpu_ops.py:://' | cut -c1-120
