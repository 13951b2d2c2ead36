"""Median SM clock (MHz) and power (W) per GPU over each sustained phase of power_probe.json,
from power_probe.sh's nvidia-smi samples, and how many samples had the power cap (0x4) active.

  python3 benchmarks/results/logs/session64/power_phases.py POWER_PROBE_JSON SMI_CSV
"""

import csv
import datetime
import json
import statistics
import sys


def main(probe, smi):
  samples = []
  for row in csv.reader(open(smi)):
    if len(row) != 6:
      continue
    t = datetime.datetime.strptime(row[0].strip(), "%Y/%m/%d %H:%M:%S.%f")
    samples.append((t.replace(tzinfo=datetime.timezone.utc).timestamp(), int(row[1]),
                    float(row[2]), float(row[3]), int(row[5].strip(), 16)))
  for rec in json.load(open(probe))["records"]:
    line = f"{rec['shape']} tp {rec['tp']} {rec['impl']:8s} {rec['sustained_us']:8.1f} us/call:"
    for gpu in sorted({s[1] for s in samples}):
      inside = [s for s in samples if s[1] == gpu and rec["start"] + 0.5 <= s[0] <= rec["end"]]
      if inside:
        line += (f" gpu{gpu} {statistics.median(s[2] for s in inside):.0f} MHz "
                 f"{statistics.median(s[3] for s in inside):.0f} W "
                 f"cap {sum(s[4] & 4 > 0 for s in inside)}/{len(inside)};")
    print(line)


if __name__ == "__main__":
  main(*sys.argv[1:])
