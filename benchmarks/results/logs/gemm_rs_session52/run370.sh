#!/usr/bin/env bash
# Session 52, one GPU: what a K of partial 64-column steps costs the grouped GEMM kernel
# (partial_k_cost.py: the public op at K and at the whole-step K next to it, beside lax.ragged_dot).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
timeout ${LIMIT:-400} python3 benchmarks/results/logs/gemm_rs_session52/partial_k_cost.py $OUT 2>&1 \
  | grep -Ev "$F" > $OUT/partial_k_cost.log
grep '^{' $OUT/partial_k_cost.log | python3 -c "
import json, sys
for l in sys.stdin:
  r = json.loads(l); print(r['case'], r['k'], r['impl'], r['us'], r['tflops'], r['ok'])"
tail -2 $OUT/partial_k_cost.log
