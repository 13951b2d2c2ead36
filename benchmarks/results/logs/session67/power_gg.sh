#!/usr/bin/env bash
# Session 67 (written, not yet run): power_gg.py on one H200 (repository root, about 2 minutes)
# with nvidia-smi sampling the GPU's clocks, power and clock event reasons every 100 ms into
# $OUT/smi.csv; then each phase's median SM clock and power (session 64's power_phases.py).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
nvidia-smi --query-gpu=timestamp,index,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active \
  --format=csv,noheader,nounits -lms 100 > $OUT/smi.csv 2>&1 &
SMI=$!
timeout ${LIMIT:-200} python3 -m benchmarks.results.logs.session67.power_gg $OUT/power_gg.json \
  ${SHAPES:-} 2>&1 | grep -Ev "$F"
kill $SMI
python3 benchmarks/results/logs/session64/power_phases.py $OUT/power_gg.json $OUT/smi.csv
