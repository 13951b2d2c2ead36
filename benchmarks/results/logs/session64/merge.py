"""Session 64's device runs into the committed results and the H200 table (from the
repository root, no device: `python3 -m benchmarks.results.logs.session64.merge`, on the files as
session 63 left them: the results JSON's note is appended to; README.md here lists the runs).

run432 (`x4_sweep.sh`, 4 H200s, the first H200 run of session 50's fused kernel at tp 4): the
multi_gpu tests at tp 4, then the tp 4 sweep, unfused beside n256/s4/in/d. Its 390 s limit cut the
sweep after M16384_N4096_K4096's unfused record: 20 of the 23 shapes have both paths
(M16384_N4096_K4096, M16384_N8192_K8192 and M16384_N8192_K29568 have no fused record, so no table
row). run439 (`x4_rest.sh`, 4 H200s, a later lease) timed those three, both paths.
- h200x4/gemm_reduce_scatter_sweep.json: new, every record of run432 and run439 (PEERS.md's
  torch figure beside the tp 4 seed shapes).
- h200x4/gemm_reduce_scatter.json (PEERS.md §2's shapes): run432's tp 4 groups replace session
  12's unfused-only records; its tp 2 records stay session 12's (no tp 2 run on 4 H200s since;
  `h200x2/` holds session 60's tp 2 run of the current kernels).
- jaxkern/tuning/nvidia_h200/gemm_reduce_scatter.json: one row per shape with both paths, 23 (the
  device's own table rows were not fetched: the folder was deeper than the tool returns; they
  are rebuilt here from the records by the function the benchmark uses, with the run's date and
  jax version).

run438 (`x2_sustained.sh`, 2 H200s): every tp 2 sweep shape again, also timed back to back for
2 s per path (--sustain_s 2: the GPUs at their power cap) -> h200x2/gemm_reduce_scatter_sustained
.json (+ PNG). Its rows do not replace session 60's in the table: on run438's own times the
table's picks stay within 1.018x of the faster path back to back, while run438's wall-clock picks
would flip four near ties and one outlier (see NOTES.md, session 64).

Every GEMM + reduce-scatter PNG is redrawn as the crossover (`_report.plot_gemm_rs`; before,
`replot` drew only the unfused bars)."""

import json
import pathlib

from benchmarks import _report
from jaxkern import tuning
from jaxkern.shapes import GEMM_RS_SEED_SHAPES

HERE = pathlib.Path(__file__).parent
RESULTS = HERE.parent.parent
H200 = "NVIDIA H200"
RUNS = ("run432", "run439")    # the tp 4 sweep, then the three shapes run432's limit cut
PEERS_MD_SHAPES = {s.name for s in GEMM_RS_SEED_SHAPES}
TITLE = "GEMM + reduce-scatter (bf16)"


def main():
  recs, rows = [], []
  for run in RUNS:
    data = json.loads((HERE / run / "bench/h200x4/gemm_reduce_scatter.json").read_text())
    env, run_recs = data["environment"], [dict(r, run=f"session 64 {run}") for r in data["records"]]
    recs += run_recs
    rows += [dict(r, date=env["date"], jax=env["jax"], run=f"session 64 {run}")
             for r in _report.gemm_rs_tuning_rows(run_recs)]
  recs = _report.attach_gemm_rs_peers_md(recs, H200)
  if len(rows) != 23 or {r["key"]["tp"] for r in rows} != {4}:
    raise SystemExit(f"expected 23 tp 4 rows, got {len(rows)}")
  print("wrote", tuning.write_rows(H200, "gemm_reduce_scatter", rows))

  note = ("session 64 run432 and run439 (logs/session64/, nvidia-h200-x4): the tp 4 sweep, "
          "unfused beside n256/s4/in/d on session 50's kernel (run432 was cut by its limit "
          "before the fused records of the three M = 16384 shapes; run439 timed those)")
  sweep = RESULTS / "h200x4/gemm_reduce_scatter_sweep.json"
  sweep.write_text(json.dumps({"environment": dict(env, note=note), "records": sorted(
      recs, key=_report.gemm_rs_sweep_order)}, indent=1) + "\n")
  _report.replot(str(sweep), title=TITLE)
  print("wrote", sweep)
  print("wrote", _report.replace_records(
      RESULTS / "h200x4/gemm_reduce_scatter.json",
      [r for r in recs if r["shape"] in PEERS_MD_SHAPES], group=("tp", "shape"),
      note=note + "; tp 2 records are session 12's", title=TITLE))

  data = json.loads((HERE / "run438/bench/h200x2/gemm_reduce_scatter.json").read_text())
  recs = _report.attach_gemm_rs_peers_md(
      [dict(r, run="session 64 run438") for r in data["records"]], H200)
  held = RESULTS / "h200x2/gemm_reduce_scatter_sustained.json"
  held.write_text(json.dumps({"environment": dict(data["environment"], note=(
      "session 64 run438 (logs/session64/x2_sustained.sh, nvidia-h200-x2): every tp 2 sweep "
      "shape, unfused beside n256/s4/in/d, each path also dispatched back to back for 2 s "
      "(sustained_us); not merged into the table")), "records": sorted(
          recs, key=_report.gemm_rs_sweep_order)}, indent=1) + "\n")
  print("wrote", held, _report.replot(str(held), title=TITLE))
  for kind in ("h100x4", "h200x2", "h200x4"):
    for name in ("gemm_reduce_scatter.json", "gemm_reduce_scatter_sweep.json"):
      print("wrote", _report.replot(str(RESULTS / kind / name), title=TITLE))


if __name__ == "__main__":
  main()
