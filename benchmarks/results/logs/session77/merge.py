"""Session 77's tp 2 sweep into the committed results and the H200 table (from the repository
root, no device: `python3 -m benchmarks.results.logs.session77.merge`, on the files as session 76
left them; README.md here lists the runs).

run504 + run505 (`x2_sweep.sh`, STEP=1 and 2) and run506 (`x2_sweep_rev.sh`), on one
nvidia-h200-x2 lease: every tp 2 sweep shape, unfused beside three fused configs, twice, the
fused configs in the order n256/s4/in/d, /t, /k4 the first time and the reverse the second. Each
path's record here is the mean of its two runs (wall clock, span, CUPTI; `samples_us` and
`samples_span_us` keep both), and the table's tp 2 rows are rebuilt from those means by the
function the benchmark's --update-tuning uses (`_report.gemm_rs_tuning_rows`):
- jaxkern/tuning/nvidia_h200/gemm_reduce_scatter.json: the 23 tp 2 rows replaced (session 60's
  run409/run411 timed n256/s4/in/d only); the tp 4 rows (session 64) stay.
- h200x2/gemm_reduce_scatter_sweep.json: every record replaced by the means (+ PNG).
- h200x2/gemm_reduce_scatter.json (PEERS.md §2's shapes): their groups replaced by the means.
`--check` prints the rows' picks against the table's before and writes nothing."""

import json
import pathlib
import sys

from benchmarks import _report
from jaxkern import tuning
from jaxkern.rules import gemm_reduce_scatter as rs_rule
from jaxkern.shapes import GEMM_RS_SEED_SHAPES

HERE = pathlib.Path(__file__).parent
RESULTS = HERE.parent.parent
H200 = "NVIDIA H200"
# (JSON, run tag): the first order (two calls: the shapes were split in two), then the reverse.
RUNS = (("run504/sweep_tp2_1.json", "run504"), ("run505/sweep_tp2_2.json", "run505"),
        ("run506/sweep_tp2_rev.json", "run506"))
TITLE = "GEMM + reduce-scatter (bf16)"
PEERS_MD_SHAPES = {s.name for s in GEMM_RS_SEED_SHAPES}
NOTE = ("session 77 run504-run506 (logs/session77/, one nvidia-h200-x2 lease): every tp 2 sweep "
        "shape, unfused beside n256/s4/in/d, /t (split_tail) and /k4 (tail_segments), twice, "
        "the fused configs in either order; each record is the mean of its two runs "
        "(samples_us, samples_span_us)")


def mean_records() -> list[dict]:
  """One record per (tp, shape, path): the mean of its two runs (`_report.mean_of_runs`, which
  the benchmark's --rounds now uses too; written here first)."""
  by_key: dict = {}
  for name, run in RUNS:
    for r in json.loads((HERE / name).read_text())["records"]:
      by_key.setdefault((r["tp"], r["shape"], r["impl"]), []).append(dict(r, run=run))
  out = []
  for (tp, shape, impl), recs in by_key.items():
    if len(recs) != 2:
      raise SystemExit(f"{tp} {shape} {impl}: {len(recs)} records, expected 2")
    out.append(dict(_report.mean_of_runs(recs),
                    run="session 77 " + "+".join(r["run"] for r in recs)))
  return out


def main(check: bool):
  recs = mean_records()
  env = json.loads((HERE / RUNS[0][0]).read_text())["environment"]
  rows = [dict(r, why=r["why"] + " (means of two runs, the fused configs in either order: "
               "session 77 run504/505 and run506)", date=env["date"], jax=env["jax"],
               run="session 77 run504-run506")
          for r in _report.gemm_rs_tuning_rows(recs)]
  if len(rows) != 23 or {r["key"]["tp"] for r in rows} != {2}:
    raise SystemExit(f"expected 23 tp 2 rows, got {len(rows)}")
  before = {r["shape"]: r for r in tuning.rows(H200, rs_rule.OP) if r["key"]["tp"] == 2}
  for r in rows:
    old = before[r["shape"]]
    times = r["times_us"]
    old_pick = "unfused" if old["impl"] == "unfused" else old["fused_config"]
    new_pick = "unfused" if r["impl"] == "unfused" else r["fused_config"]
    print(f"{r['shape']:20s} {old_pick:>15s} -> {new_pick:15s} " + " ".join(
        f"{k}={v}" for k, v in times.items()) +
        f"  (old pick's time here {times.get(old_pick, 0) / min(times.values()):.3f}x the best)")
  if check:
    return
  print("wrote", tuning.write_rows(H200, rs_rule.OP, rows))
  recs = _report.attach_gemm_rs_peers_md(recs, H200)
  sweep = RESULTS / "h200x2/gemm_reduce_scatter_sweep.json"
  sweep.write_text(json.dumps({"environment": dict(env, note=NOTE), "records": sorted(
      recs, key=_report.gemm_rs_sweep_order)}, indent=1) + "\n")
  print("wrote", sweep, _report.replot(str(sweep), title=TITLE))
  print("wrote", _report.replace_records(
      RESULTS / "h200x2/gemm_reduce_scatter.json",
      [r for r in recs if r["shape"] in PEERS_MD_SHAPES], group=("tp", "shape"),
      note=NOTE, title=TITLE))


if __name__ == "__main__":
  main("--check" in sys.argv[1:])
