"""Session 52: benchmarks/results/h100x4/gemm_reduce_scatter.json (issue 5's bar shapes, several
fused configs each) with its two tp 4 shapes of K = 29568 (M 8192 and 16384) replaced by run369's
records (unfused, n256/s4/in/d and n128/s5/in/d on the kernel that reads a's K shard in place;
`_report.replace_records` by (tp, shape) group: their earlier records, on the kernel that padded
a first, dropped). From the repository root, on the JSON as session 51 left it:
PYTHONPATH=. python3 benchmarks/results/logs/gemm_rs_session52/merge_bar.py"""
import json, pathlib
from benchmarks import _report

run = pathlib.Path(__file__).parent / "run369/bench/h100_80gb_hbm3x4/gemm_reduce_scatter.json"
path = _report.replace_records(
    "benchmarks/results/h100x4/gemm_reduce_scatter.json", json.loads(run.read_text())["records"],
    group=("tp", "shape"), title="GEMM + reduce-scatter (bf16)",
    note="session 52 (run369, benchmarks/results/logs/gemm_rs_session52/): the tp 4 shapes of "
         "K = 29568 on the kernel that reads a's K shard in place (no pad of a)")
print(f"wrote {path}")
