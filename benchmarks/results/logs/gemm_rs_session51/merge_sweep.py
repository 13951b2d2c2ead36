"""Session 51: benchmarks/results/h100x4/gemm_reduce_scatter_sweep.json with every (tp, shape)
that run361 (all tp 2 shapes) and run362 (the 9 tp 4 shapes left on session 49's kernel) timed
replaced by those runs' records (`_report.replace_records` by (tp, shape) group: unfused and
n256/s4/in/d on session 50's kernel; the earlier records of those shapes dropped, n256/s4/in
included), sorted by (tp, N, K, M, path) so that the PNG's bars run along M within each
(tp, N, K), the PNG redrawn. From the repository root, on the JSON as session 50 left it (2d699da):
PYTHONPATH=. python3 benchmarks/results/logs/gemm_rs_session51/merge_sweep.py
(Session 51 ran an earlier form of this script that dropped and appended the groups by hand; the
review of session 51 checked that this one writes the same JSON from 2d699da's.)"""
import json, pathlib
from benchmarks import _report

path = pathlib.Path("benchmarks/results/h100x4/gemm_reduce_scatter_sweep.json")
here = pathlib.Path(__file__).parent
runs = [json.loads((here / run / "bench/h100_80gb_hbm3x4/gemm_reduce_scatter.json").read_text())
        for run in ("run361", "run362")]
_report.replace_records(
    path, [r for run in runs for r in run["records"]], group=("tp", "shape"), order=_report.gemm_rs_sweep_order,
    note="session 51 (runs 361-362, benchmarks/results/logs/gemm_rs_session51/): every tp 2 shape "
         "(run361) and the 9 tp 4 shapes left on session 49's kernel (run362) replaced by those "
         "runs' records (unfused and n256/s4/in/d on session 50's kernel); every record is now "
         "that kernel's")
data = json.loads(path.read_text())
_report.plot(data["records"], path.with_suffix(".png"), title="GEMM + reduce-scatter (bf16)")
print(f"wrote {path}: {len(data['records'])} records")
