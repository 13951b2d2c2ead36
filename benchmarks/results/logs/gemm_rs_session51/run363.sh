#!/usr/bin/env bash
# Session 51 (issue 5), third multi-GPU call (nvidia-h200-x4 asked again). On H200s: session 50's
# run358 as it is (multi_gpu tests at tp 4, the bar shapes at tp 4 and 2). On H100s:
# ab_spacing.py at tp 4 on the short-K shapes run359 flipped to unfused (K/tp 1024 and 2048) and
# M4096_N4096_K8192, the spread against the fixed spacing of 2 (before session 50) and 4.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
bar_run_if_h200
timeout ${LIMIT:-300} python3 benchmarks/results/logs/gemm_rs_session51/ab_spacing.py $OUT 4 2 \
  "4096,4096,4096;2048,8192,8192;4096,4096,8192" spread,fixed2,fixed4 2>&1 | grep -Ev "$F" \
  | tee $OUT/ab_spacing.log | python3 -c "
import sys, json
for l in sys.stdin:
  try: r = json.loads(l)
  except ValueError: print(l.rstrip()); continue
  print(r['shape'], r['round'], r['variant'], r['wall'], r['cupti'], r['span'], 'ok' if r['ok'] else 'WRONG')"
