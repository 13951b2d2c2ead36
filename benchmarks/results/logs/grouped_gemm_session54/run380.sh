#!/bin/bash
# Session 54, call 3 (one GPU): the N-edge GPU tests again (run379's first one had asked SwiGLU
# of a 64 x 128 split-"n" config, which the kernel refuses: a test error, fixed), then the rule's
# pick (public op, K-major weights) timed on every N-edge case beside our XLA path
# (n_edge.py ... all xla,auto). The kernels of whole-64-column N are unchanged
# (`python -m benchmarks.kernel_jaxprs --lowered`: 28 of 28 builds identical).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
t0=$SECONDS
timeout 330 python3 -m pytest -m gpu -v tests/gpu/test_gpu_ops.py -k "n_edge" 2>&1 | grep -Ev "$F" > $OUT/gpu_tests_n_edge.log
echo "n_edge tests: $((SECONDS - t0)) s"; grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/gpu_tests_n_edge.log | sed 's/.*test_gpu_ops.py:://' | cut -c1-120
timeout $((570 - SECONDS)) python3 benchmarks/results/logs/grouped_gemm_session54/n_edge.py $OUT all xla,auto 2>&1 | grep -Ev "$F" > $OUT/n_edge_auto.log
grep '^{' $OUT/n_edge_auto.log | python3 -c "
import json, sys
for l in sys.stdin:
  r = json.loads(l); print(r['shape'], r['impl'], round(r['us'] or 0, 1), round(r.get('tflops', 0), 1), round(r.get('tbps', 0), 2), r.get('err'), r.get('note', ''))"
tail -2 $OUT/n_edge_auto.log
