#!/bin/bash
# Session 54, call 2 (one GPU): the N-edge kernel (N, or N/2 with SwiGLU, not whole 64 columns;
# K-major weights) checked at real sizes (tests/gpu, -k n_edge; then the K-major, partial-K and
# SwiGLU tests over the changed store paths), then n_edge.py (kernel vs padded weights vs XLA).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
t0=$SECONDS
timeout 300 python3 -m pytest -m gpu -q -x tests/gpu/test_gpu_ops.py -k "n_edge" 2>&1 | grep -Ev "$F" > $OUT/gpu_tests_n_edge.log
echo "n_edge tests: $((SECONDS - t0)) s"; tail -3 $OUT/gpu_tests_n_edge.log
timeout $((560 - SECONDS)) python3 benchmarks/results/logs/grouped_gemm_session54/n_edge.py $OUT 2>&1 | grep -Ev "$F" > $OUT/n_edge.log
grep '^{' $OUT/n_edge.log | python3 -c "
import json, sys
for l in sys.stdin:
  r = json.loads(l); print(r['shape'], r['impl'], round(r['us'] or 0, 1), round(r.get('tflops', 0), 1), round(r.get('tbps', 0), 2), r.get('err'), r.get('note', ''))"
tail -2 $OUT/n_edge.log
