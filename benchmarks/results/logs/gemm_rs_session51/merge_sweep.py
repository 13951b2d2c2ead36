"""Session 51: benchmarks/results/h100x4/gemm_reduce_scatter_sweep.json with every (tp, shape)
that run361 (all tp 2 shapes) and run362 (the 9 tp 4 shapes left on session 49's kernel) timed
replaced by those runs' records (unfused and n256/s4/in/d on session 50's kernel; the earlier
records of those shapes dropped, n256/s4/in included); the PNG redrawn. From the repository root:
PYTHONPATH=. python3 benchmarks/results/logs/gemm_rs_session51/merge_sweep.py"""
import json, pathlib
from benchmarks import _report

path = pathlib.Path("benchmarks/results/h100x4/gemm_reduce_scatter_sweep.json")
here = pathlib.Path(__file__).parent
data = json.loads(path.read_text())
for run in ("run361", "run362"):
  new = json.loads((here / run / "bench/h100_80gb_hbm3x4/gemm_reduce_scatter.json").read_text())
  timed = {(r["tp"], r["shape"]) for r in new["records"]}
  data["records"] = [r for r in data["records"] if (r["tp"], r["shape"]) not in timed]
  data["records"] += new["records"]
# Sorted by (tp, N, K, M, path), so that the PNG's bars run along M within each (tp, N, K).
data["records"].sort(key=lambda r: (r["tp"], r["n"], r["k"], r["m"], r["impl"]))
data["environment"]["note"] += (
    " | session 51 (runs 361-362, benchmarks/results/logs/gemm_rs_session51/): every tp 2 shape "
    "(run361) and the 9 tp 4 shapes left on session 49's kernel (run362) replaced by those runs' "
    "records (unfused and n256/s4/in/d on session 50's kernel); every record is now that kernel's")
path.write_text(json.dumps(data, indent=1) + "\n")
_report.plot(data["records"], path.with_suffix(".png"), title="GEMM + reduce-scatter (bf16)")
print(f"wrote {path}: {len(data['records'])} records")
