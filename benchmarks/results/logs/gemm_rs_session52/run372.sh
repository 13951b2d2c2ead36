#!/usr/bin/env bash
# Review of session 52, one GPU: partial_k_cost.py on the grouped GEMM benchmark's helpers (run370
# ran its earlier form): PEERS.md §3 shapes at their K and at a K of partial 64-column steps.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
timeout ${LIMIT:-400} python3 benchmarks/results/logs/gemm_rs_session52/partial_k_cost.py $OUT 2>&1 \
  | grep -Ev "$F" > $OUT/partial_k_cost.log
grep '^{' $OUT/partial_k_cost.log | python3 -c "
import json, sys
for l in sys.stdin:
  r = json.loads(l); print(r['shape'], r['impl'], round(r['us'] or 0, 2), round(r.get('tflops', 0), 1), r.get('err'), r.get('note', ''))"
tail -2 $OUT/partial_k_cost.log
