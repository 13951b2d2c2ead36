#!/usr/bin/env bash
# Session 64 (issue 5), one H200: dot_bound.py (a process per shape) with nvidia-smi sampling clocks, power and the
# clock event reasons every 100 ms into $OUT/smi.csv.
export PYTHONPATH=$PWD:$PWD/tests PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name --format=csv,noheader
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,power.limit,temperature.gpu,clocks_event_reasons.active \
  --format=csv -lms 100 > $OUT/smi.csv 2>&1 &
SMI=$!
for i in 0 1 2 3; do    # one process per shape (dot_bound.py's docstring says why)
  timeout ${LIMIT:-70} python3 benchmarks/results/logs/session64/dot_bound.py $OUT/dot_bound_$i.json $i 2>&1 \
    | grep -Ev '^[IW][0-9]{4}'
done
kill $SMI
python3 - <<'PY'
import csv, os
rows = list(csv.reader(open(os.environ["OUT"] + "/smi.csv")))
print(rows[0]); print(len(rows) - 1, "samples")
body = [r for r in rows[1:] if len(r) == len(rows[0])]
for r in body[:: max(1, len(body) // 40)]:
  print(",".join(x.strip() for x in r))
PY
