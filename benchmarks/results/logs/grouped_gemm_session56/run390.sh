#!/bin/bash
# Session 56, call 4 (one GPU): the narrow last column tile (`support.edge_split`). Its GPU tests
# (and the half-tile tests of the Gemma shapes, whose 128 x 256 group tiles now take it), then
# ab_edge.py (2 rounds, interleaved) with the time left. On an H200 only session 55's
# h200_pending.sh (what is stale there).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "$gpu"
[[ "$gpu" == *H200* ]] && { bash benchmarks/results/logs/extend_attention_session55/h200_pending.sh; exit; }
timeout 240 python3 -m pytest -m gpu -v tests/gpu/test_gpu_ops.py \
  -k "narrow_last_column_tile or (half_tiles and Gm)" 2>&1 | grep -Ev "$F" > $OUT/gpu_tests.log
grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/gpu_tests.log | sed 's/.*test_gpu_ops.py:://' | cut -c1-110
timeout $((590 - SECONDS)) python3 benchmarks/results/logs/grouped_gemm_session56/ab_edge.py $OUT 2 \
  2>&1 | grep -Ev "$F" > $OUT/ab_edge.log
grep -E "^\{" $OUT/ab_edge.log | python3 -c "
import json, sys
for l in sys.stdin:
  r = json.loads(l); print(r['shape'], r['impl'], r['round'], r['us'] and round(r['us'], 1), r['tflops'] and round(r['tflops']))"
tail -3 $OUT/ab_edge.log | cut -c1-300
