#!/bin/bash
# Session 56, call 8 (one GPU, asked for nvidia-h200, about 6 minutes of device time left). On an
# H200: this session's h200_pending.sh (Gemma prefill gate/up, issue 4's bar). Else:
# ab_streamk.py, 2 rounds (DS_G1_m1024_dn: stream-K group tiles against XLA and row tiles).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "$gpu"
[[ "$gpu" == *H200* ]] && { bash benchmarks/results/logs/grouped_gemm_session56/h200_pending.sh; exit; }
timeout 240 python3 benchmarks/results/logs/grouped_gemm_session56/ab_streamk.py $OUT 2 2>&1 \
  | grep -Ev "$F" > $OUT/ab_streamk.log
grep -E "^\{" $OUT/ab_streamk.log | python3 -c "
import json, sys
for l in sys.stdin:
  r = json.loads(l); print(r['impl'], r['round'], r['us'] and round(r['us'], 2), r['err'])"
tail -2 $OUT/ab_streamk.log | cut -c1-300
