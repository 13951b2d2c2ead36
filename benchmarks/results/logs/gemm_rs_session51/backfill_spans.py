"""Session 51: the H100 table's rows get `span_us` (the devices' span per call, per path) from
the very records their wall times came from: the sweep JSON (runs 358-359 and 361-362), and
run364's chain_length.json for the M512_N8192_K8192 tp 2 row (`retime_row.py`). A record is
matched by shape, tp, path and its wall time rounded as the row holds it; a path with no match
gets no span (none did in session 51). From the repository root:
PYTHONPATH=. python3 benchmarks/results/logs/gemm_rs_session51/backfill_spans.py"""
import json, pathlib
from jaxkern import tuning
from jaxkern.rules import gemm_reduce_scatter as rs_rule

KIND = "NVIDIA H100 80GB HBM3"
here = pathlib.Path(__file__).parent
sweep = json.loads(pathlib.Path("benchmarks/results/h100x4/gemm_reduce_scatter_sweep.json")
                   .read_text())["records"]
found = {}     # (shape, tp, path, wall rounded) -> span
for r in sweep:
  if r.get("us") and r.get("span_us"):
    path = "unfused" if r["impl"] == "jaxkern:unfused" else r["config"]
    found[(r["shape"], r["tp"], path, round(r["us"], 1))] = round(r["span_us"], 1)
for r in json.loads((here / "run364/chain_length.json").read_text()):
  if r["calls"] == 8:
    path = "unfused" if r["impl"] == "unfused" else "n256/s4/in/d"
    found[(r["shape"], r["tp"], path, r["wall"])] = r["span"]
rows, missing = [], []
for row in tuning.rows(KIND, rs_rule.OP):
  spans = {}
  for path, us in row["times_us"].items():
    span = found.get((row["shape"], row["key"]["tp"], path, us))
    if span is None:
      missing.append((row["shape"], row["key"]["tp"], path))
    else:
      spans[path] = span
  rows.append(dict(row, span_us=spans) if spans else row)
print(tuning.write_rows(KIND, rs_rule.OP, rows))
print(f"{sum('span_us' in r for r in rows)} of {len(rows)} rows with spans; unmatched: {missing}")
