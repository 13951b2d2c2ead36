"""Session 78's tp 2 runs with 2-CTA clusters (/c2) into the committed results and the H200
table (from the repository root, no device: `python3 -m benchmarks.results.logs.session78.merge`;
`--check` prints and writes nothing; README.md here lists the runs).

run511 + run512 (`x2_sweep_c2.sh`, STEP=1 and 2) timed every tp 2 sweep shape once, unfused
beside n256/s4/in/d, /t, /k4 and the same three on clusters (/c2), in that order; run513
(`x2_sweep_c2_rev.sh`, the same lease) timed four of the larger shapes again with the fused
configs in the reverse order, and run514 (`x2_sweep_c2_rev2.sh`, another lease) five more. Only
those nine shapes have two runs of every path, the protocol of session 77's table rows
(`session77/merge.py`; there both on one lease), so only their table rows are rebuilt here, from
the means (`_report.mean_of_runs`) by the function --update-tuning uses
(`_report.gemm_rs_tuning_rows`); the other 14 tp 2 rows keep session 77's two-run means
(run511-512's single runs of them are committed here, not merged). The nine shapes' records
replace theirs in h200x2/gemm_reduce_scatter_sweep.json (+ PNG), and the two PEERS.md shapes
among them in h200x2/gemm_reduce_scatter.json. Run it once, on those files and the table as
session 77 left them (`git show 76b85e0:<path>`): each run appends its note to the JSONs."""

import json
import pathlib
import statistics
import sys

from benchmarks import _report
from jaxkern import tuning
from jaxkern.rules import gemm_reduce_scatter as rs_rule
from jaxkern.shapes import GEMM_RS_SEED_SHAPES

HERE = pathlib.Path(__file__).parent
RESULTS = HERE.parent.parent
H200 = "NVIDIA H200"
SWEEP_RUNS = (("run511/sweep_c2_tp2_1.json", "run511"), ("run512/sweep_c2_tp2_2.json", "run512"))
REV_RUNS = (("run513/sweep_c2_tp2_rev.json", "run513"),
            ("run514/sweep_c2_tp2_rev2.json", "run514"))
TITLE = "GEMM + reduce-scatter (bf16)"
PEERS_MD_SHAPES = {s.name for s in GEMM_RS_SEED_SHAPES}
NOTE = ("session 78 run511-run514 (logs/session78/, nvidia-h200-x2): nine tp 2 shapes (run513's "
        "four on run511-512's lease, run514's five on another), unfused beside n256/s4/in/d, /t, "
        "/k4 and the same on 2-CTA clusters (/c2), twice, the fused configs in either order; "
        "each record is the mean of its two runs (samples_us, samples_span_us)")


def _records(name: str, run: str) -> list[dict]:
  return [dict(r, run=run) for r in json.loads((HERE / name).read_text())["records"]]


def single_runs() -> list[dict]:
  """run511-512's records: every tp 2 sweep shape, one run of each path."""
  return [r for name, run in SWEEP_RUNS for r in _records(name, run)]


def mean_records() -> list[dict]:
  """One record per (tp, shape, path) of run513's and run514's shapes: the mean of its two
  runs."""
  rev = [r for name, run in REV_RUNS for r in _records(name, run)]
  return two_run_means(single_runs() + rev, {r["shape"] for r in rev}, "session 78 ")


def two_run_means(records: list[dict], shapes: set[str], session: str) -> list[dict]:
  """One record per (tp, shape, path) of `shapes`: the mean of its two runs among `records`
  (`_report.mean_of_runs`), its run "<session>runA+runB" in the records' order; SystemExit
  where a path has not exactly two."""
  by_key: dict = {}
  for r in records:
    if r["shape"] in shapes:
      by_key.setdefault((r["tp"], r["shape"], r["impl"]), []).append(r)
  out = []
  for (tp, shape, impl), recs in by_key.items():
    if len(recs) != 2:
      raise SystemExit(f"{tp} {shape} {impl}: {len(recs)} records, expected 2")
    out.append(dict(_report.mean_of_runs(recs),
                    run=session + "+".join(r["run"] for r in recs)))
  return out


def cluster_gain(records: list[dict], field: str) -> dict[str, tuple[float, float]]:
  """Per shape: (the best /c2 config's time / the best of the others', the geometric mean of
  each config's /c2 time over its own) by `field` (us, span_us)."""
  out = {}
  for shape in dict.fromkeys(r["shape"] for r in records):
    t = {r["config"]: r[field] for r in records
         if r["shape"] == shape and r.get("config") and r.get(field)}
    c2 = {c: us for c, us in t.items() if c.endswith("/c2")}
    plain = {c: us for c, us in t.items() if not c.endswith("/c2")}
    if c2 and plain:
      pairs = [c2[c] / plain[c[:-3]] for c in c2 if c[:-3] in plain]
      out[shape] = (min(c2.values()) / min(plain.values()),
                    statistics.geometric_mean(pairs))
  return out


def print_changes(rows: list[dict], table: list[dict]) -> None:
  """Each new tp 2 row against the table's: its pick before and now, and every path's times."""
  before = {r["shape"]: r for r in table if r["key"]["tp"] == 2}
  for r in rows:
    old = before[r["shape"]]
    times, spans = r["times_us"], r["span_us"]
    old_pick = "unfused" if old["impl"] == "unfused" else old["fused_config"]
    new_pick = "unfused" if r["impl"] == "unfused" else r["fused_config"]
    print(f"{r['shape']:20s} {old_pick:>15s} -> {new_pick:18s} unfused / pick: wall "
          f"{times['unfused'] / times[new_pick]:.3f}x span "
          f"{spans['unfused'] / spans[new_pick]:.3f}x; old pick here "
          + (f"{times[old_pick] / min(times.values()):.3f}x the best" if old_pick in times
             else "not timed"))
    print("    wall " + " ".join(f"{k}={v}" for k, v in times.items()))
    print("    span " + " ".join(f"{k}={v}" for k, v in spans.items()))


def main(check: bool):
  recs = mean_records()
  for field in ("us", "span_us", "cupti_us"):
    print(f"/c2 against the same config without the cluster, by {field} (single runs, "
          "run511-512): best c2 / best other, geometric mean of c2 / own config")
    for shape, (best, geo) in cluster_gain(single_runs(), field).items():
      print(f"  {shape:20s} {best:.3f} {geo:.3f}")
  for field in ("us", "span_us", "cupti_us"):
    print(f"the same on the means of two runs, by {field}")
    for shape, (best, geo) in cluster_gain(recs, field).items():
      print(f"  {shape:20s} {best:.3f} {geo:.3f}")
  env = json.loads((HERE / REV_RUNS[-1][0]).read_text())["environment"]
  runs = {r["shape"]: r["run"] for r in recs}       # "session 78 run511+run513", ...
  rows = [dict(r, why=r["why"] + " (means of two runs, the fused configs in either order: "
               f"{runs[r['shape']]})", date=env["date"], jax=env["jax"], run=runs[r["shape"]])
          for r in _report.gemm_rs_tuning_rows(recs)]
  if len(rows) != 9 or {r["key"]["tp"] for r in rows} != {2}:
    raise SystemExit(f"expected 9 tp 2 rows, got {len(rows)}")
  table = tuning.rows(H200, rs_rule.OP)
  print_changes(rows, table)
  if check:
    return
  new = {(r["key"]["tp"], r["shape"]): r for r in rows}
  merged = [new.get((r["key"]["tp"], r["shape"]), r) for r in table]
  print("wrote", tuning.write_rows(H200, rs_rule.OP, merged))
  recs = _report.attach_gemm_rs_peers_md(recs, H200)
  print("wrote", _report.replace_records(
      RESULTS / "h200x2/gemm_reduce_scatter_sweep.json", recs, group=("tp", "shape"),
      note=NOTE, title=TITLE, order=_report.gemm_rs_sweep_order))
  print("wrote", _report.replace_records(
      RESULTS / "h200x2/gemm_reduce_scatter.json",
      [r for r in recs if r["shape"] in PEERS_MD_SHAPES], group=("tp", "shape"),
      note=NOTE, title=TITLE))


if __name__ == "__main__":
  main("--check" in sys.argv[1:])
