"""Session 52: benchmarks/results/h100x4/gemm_reduce_scatter_sweep.json with the 7 tp 4 shapes of
K = 29568 (the only swept K shard of partial 64-column steps, 7392, so the only shapes the unpadded
a moves) replaced by run367's records (`_report.replace_records` by (tp, shape) group, sorted by
tp, N, K, M and path as session 51 left it), the PNG redrawn. From the repository root, on the JSON as
session 51 left it: PYTHONPATH=. python3 benchmarks/results/logs/gemm_rs_session52/merge_sweep.py"""
import json, pathlib
from benchmarks import _report

run = pathlib.Path(__file__).parent / "run367/bench/h100_80gb_hbm3x4/gemm_reduce_scatter.json"
path = pathlib.Path("benchmarks/results/h100x4/gemm_reduce_scatter_sweep.json")
_report.replace_records(
    path,
    json.loads(run.read_text())["records"], group=("tp", "shape"), order=_report.gemm_rs_sweep_order,
    note="session 52 (run367, benchmarks/results/logs/gemm_rs_session52/): the 7 tp 4 shapes of "
         "K = 29568 re-timed on the kernel that reads a's K shard of 115.5 steps in place (no pad)")
data = json.loads(path.read_text())
_report.plot(data["records"], path.with_suffix(".png"), title="GEMM + reduce-scatter (bf16)")
print(f"wrote {path}: {len(data['records'])} records")
