#!/usr/bin/env bash
# Session 64 (issue 5): power_probe.py on the visible GPUs with nvidia-smi sampling every GPU's
# clocks, power and clock event reasons every 100 ms into $OUT/smi.csv; then each phase's median
# SM clock and power per GPU.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
nvidia-smi --query-gpu=timestamp,index,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active \
  --format=csv,noheader,nounits -lms 100 > $OUT/smi.csv 2>&1 &
SMI=$!
timeout ${LIMIT:-300} python3 benchmarks/results/logs/session64/power_probe.py $OUT/power_probe.json \
  ${SHAPES:-M8192_N8192_K29568,M8192_N8192_K8192} 2>&1 | grep -Ev "$F"
kill $SMI
python3 benchmarks/results/logs/session64/power_phases.py $OUT/power_probe.json $OUT/smi.csv
