"""Session 79's tp 2 run into the committed results and the H200 table (from the repository root,
no device: `python3 -m benchmarks.results.logs.session79.merge`; `--check` prints and writes
nothing; README.md here lists the runs).

run518 (`REV=1 STEP=1 bash benchmarks/results/logs/session78/x2_sweep_c2.sh`, 2 H200s) timed the
twelve shapes of session 78's run511 again, unfused beside the six fused configs in the reverse
order. Ten of them had one run of every path until now (run511); with run518 they have the two
runs in either order that a table row is built from (sessions 77-78), so their rows are rebuilt
here from the means, as session 78's `merge.py` rebuilt nine (the same functions). The other
two (the bar shapes 8192^3 and 8192 x 8192 x 29568) keep session 78's means of run511 and
run513, one lease; run518 is a third run of them on another lease, reported, not merged. The
ten shapes' records replace theirs in h200x2/gemm_reduce_scatter_sweep.json (+ PNG; none is a
PEERS.md shape). One of the ten is not merged: M1024_N4096_K4096's two-run wall clock picks the
fused d/c2 (145.4 against unfused 154.1 us) where its span has the unfused path 1.25x faster
(69.8 against 86.9) and session 64's run438, dispatched back to back, 1.096x
(`test_h200_table_picks_hold_back_to_back`, which holds the table's picks to 5% of the faster
path back to back, as it kept run438's own wall-clock picks out): its row keeps session 77's
(unfused), and its records stay those of session 77 in the sweep JSON. Run it once, on those
files and the table as session 78 left them (7565113): each run appends its note to the JSON."""

import json
import pathlib
import sys

from benchmarks import _report
from benchmarks.results.logs.session78 import merge as s78
from jaxkern import tuning
from jaxkern.rules import gemm_reduce_scatter as rs_rule

HERE = pathlib.Path(__file__).parent
REV = ("run518/sweep_c2_tp2_1_rev.json", "run518")
KEPT = {"M8192_N8192_K8192", "M8192_N8192_K29568"}     # session 78's two-run rows stay
NOT_MERGED = {"M1024_N4096_K4096"}   # its wall-clock pick fails back to back (docstring)
NOTE = ("session 79 run518 (logs/session79/, nvidia-h200-x2): nine tp 2 shapes of M <= 4096 "
        "(session 78's run511 shapes but the two bar shapes and M1024_N4096_K4096), unfused "
        "beside n256/s4/in/d, /t, "
        "/k4 and the same on 2-CTA clusters (/c2), the fused configs in the reverse order of "
        "run511's; each record is the mean of run511 and run518 (samples_us, samples_span_us)")


def rev_records() -> list[dict]:
  return [dict(r, run=REV[1]) for r in json.loads((HERE / REV[0]).read_text())["records"]]


def mean_records() -> list[dict]:
  """One record per (tp, shape, path) of the ten shapes: the mean of run511's and run518's."""
  rev = rev_records()   # (run511's records first: each mean's run is "session 79 run511+run518")
  return s78.two_run_means(s78.single_runs() + rev, {r["shape"] for r in rev} - KEPT,
                           "session 79 ")


def main(check: bool):
  recs = mean_records()
  for field in ("us", "span_us", "cupti_us"):
    print(f"best /c2 config / best other, geometric mean of /c2 / own config, by {field}: "
          "run518 alone, then the means of run511 and run518")
    alone = s78.cluster_gain(rev_records(), field)
    both = s78.cluster_gain(recs, field)
    for shape, (best, geo) in alone.items():
      mean = both.get(shape)
      print(f"  {shape:20s} {best:.3f} {geo:.3f}" +
            (f"   means {mean[0]:.3f} {mean[1]:.3f}" if mean else "   (kept: session 78's)"))
  env = json.loads((HERE / REV[0]).read_text())["environment"]
  rows = [dict(r, why=r["why"] + " (means of two runs, the fused configs in either order: "
               "session 79 run511+run518)", date=env["date"], jax=env["jax"],
               run="session 79 run511+run518")
          for r in _report.gemm_rs_tuning_rows(recs)]
  if len(rows) != 10 or {r["key"]["tp"] for r in rows} != {2}:
    raise SystemExit(f"expected 10 tp 2 rows, got {len(rows)}")
  print("not merged:", ", ".join(sorted(NOT_MERGED)))
  table = tuning.rows(s78.H200, rs_rule.OP)
  s78.print_changes(rows, table)
  if check:
    return
  rows = [r for r in rows if r["shape"] not in NOT_MERGED]
  recs = [r for r in recs if r["shape"] not in NOT_MERGED]
  new = {(r["key"]["tp"], r["shape"]): r for r in rows}
  merged = [new.get((r["key"]["tp"], r["shape"]), r) for r in table]
  print("wrote", tuning.write_rows(s78.H200, rs_rule.OP, merged))
  recs = _report.attach_gemm_rs_peers_md(recs, s78.H200)
  print("wrote", _report.replace_records(
      s78.RESULTS / "h200x2/gemm_reduce_scatter_sweep.json", recs, group=("tp", "shape"),
      note=NOTE, title=s78.TITLE, order=_report.gemm_rs_sweep_order))


if __name__ == "__main__":
  main("--check" in sys.argv[1:])
