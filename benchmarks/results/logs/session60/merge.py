"""Session 60's H200 runs into the committed results and tables (from the repository root, no
device: `python3 -m benchmarks.results.logs.session60.merge`; README.md here lists the runs).

- run406 (one H200): Gm_prefill_gu's public op beside the peers -> h200/grouped_gemm.json, and
  its configs run's table row -> jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json.
- run412 (one H200, `gm_dn.sh`): Gm_prefill_dn's public op beside the peers -> h200/grouped_gemm.json.
- run407 (one H200): hd128_chunk_8x1024_p1024 beside the peers -> h200/extend_attention_hd128.json;
  the contiguous SwiGLU prefill rows of its configs run -> the H200 grouped GEMM table.
- run409 (two H200s): every GEMM + reduce-scatter sweep shape at tp 2 -> h200x2's two JSONs
  (the sweep file: every shape; the PEERS.md §2 file: its six shapes, with PEERS.md's torch
  figure beside them) and jaxkern/tuning/nvidia_h200/gemm_reduce_scatter.json; then run411
  (another two-H200 machine, the same command on two shapes) in place of run409 on those two:
  M4096_N4096_K2048, whose unfused wall median in run409 (302.8 us: p10 211.7, p90 372.3; wall
  149 us over the devices' span against 37-108 on every other row under 1 ms) was an outlier
  (run411: 210.6, span 148.3 vs 153.8), and M1024_N8192_K29568, a near tie in run409 (447.3 vs
  454.3 us; run411 437.1 and 437.1).

Each device run's table copy started from the committed table, so the rows taken are exactly the
keys its configs run timed (`SHAPES`). run408 (the bar shapes, tests) and run410 (a Gemma configs
run cut by its limit) are logs only."""

import json
import pathlib

from benchmarks import _report
from jaxkern import tuning
from jaxkern.shapes import GEMM_RS_SEED_SHAPES

HERE = pathlib.Path(__file__).parent
RESULTS = HERE.parent.parent
H200 = "NVIDIA H200"
# (run, table copy, op, the shapes whose rows that run's configs step wrote)
SHAPES = [
    ("run406", "h200_grouped_gemm_pallas.json", "grouped_gemm_pallas", {"Gm_prefill_gu"}),
    ("run407", "h200_grouped_gemm_pallas.json", "grouped_gemm_pallas",
     {"DS_prefill_G8_M8192_gu/swiglu", "DS_prefill_G16_M16384_gu/swiglu"}),
]
RETIMED = {"M4096_N4096_K2048", "M1024_N8192_K29568"}
PEERS_MD_SHAPES = {s.name for s in GEMM_RS_SEED_SHAPES}   # PEERS.md §2's rows


def records(path):
  return json.loads((HERE / path).read_text())["records"]


# Reasons longer than the configs run's own "fastest of N".
WHY = {
    "Gm_prefill_gu": "128 x 128 group tiles, 5 stages, band 1 (the previous row's config): 807.8 us "
                     "against 840.0 with band 8, 845.8 with band 2 and 852.6 for 128 x 256 with 4 "
                     "stages, band 8 (session 60, logs/session60/run406/gm_prefill_gu.json); level "
                     "with 128 x 256, 4 stages, band 1 in another process on another H200 (806.7 us, "
                     "run410/gm.json, whose band 8 ran 811.4 there)",
}


def table_rows(run, copy, op, shapes):
  rows = [dict(r, why=WHY.get(r.get("shape"), r["why"]))
          for r in json.loads((HERE / run / copy).read_text())["rows"] if r.get("shape") in shapes]
  if {r["shape"] for r in rows} != shapes:
    raise SystemExit(f"{run}/{copy}: rows for {sorted(shapes)} expected, got {[r['shape'] for r in rows]}")
  return rows


def main():
  for run, copy, op, shapes in SHAPES:
    print("wrote", tuning.write_rows(H200, op, table_rows(run, copy, op, shapes)))
  rs_rows = json.loads((HERE / "run409" / "nvidia_h200_gemm_rs.json").read_text())["rows"]
  print("wrote", tuning.write_rows(H200, "gemm_reduce_scatter", rs_rows))
  run409_times = {r["shape"]: r["times_us"] for r in rs_rows}
  # The reason is re-derived from the times (run411's table says "unfused faster" on its tie).
  retimed = [dict(r, run="session 60 run411", why=f"{_report.gemm_rs_pick(r['times_us'])[2]} (run411; "
                  "run409's times were " + ", ".join(
                      f"{name} {us}" for name, us in run409_times[r["shape"]].items()) + ")")
             for r in table_rows("run411", "nvidia_h200_gemm_rs.json", "gemm_reduce_scatter", RETIMED)]
  print("wrote", tuning.write_rows(H200, "gemm_reduce_scatter", retimed))

  _report.replace_records(
      RESULTS / "h200/grouped_gemm.json", records("run406/bench_gm/h200/grouped_gemm.json"),
      note="session 60 run406 (logs/session60/): Gm_prefill_gu beside its peers (the table's "
           "128 x 128 group tiles, 5 stages, band 1)", title="grouped GEMM (bf16 unless marked)")
  _report.replace_records(
      RESULTS / "h200/grouped_gemm.json", records("run412/bench_dn/h200/grouped_gemm.json"),
      note="session 60 run412 (logs/session60/gm_dn.sh): Gm_prefill_dn beside its peers (the "
           "table's row, unchanged)", title="grouped GEMM (bf16 unless marked)")
  _report.replace_records(
      RESULTS / "h200/extend_attention_hd128.json", records("run407/hd128/h200/extend_attention.json"),
      note="session 60 run407 (logs/session60/): hd128_chunk_8x1024_p1024 on the rule's "
           "persistent CTAs", title="extend attention (bf16, page 16)")

  sweep = [r for r in records("run409/bench/h200x2/gemm_reduce_scatter.json") if r["shape"] not in RETIMED]
  sweep += [dict(r, run="run411") for r in records("run411/bench/h200x2/gemm_reduce_scatter.json")]
  sweep = _report.attach_gemm_rs_peers_md(sweep, H200)
  note = ("session 60 run409 (logs/session60/, one nvidia-h200-x2 lease): every tp 2 sweep shape, "
          "unfused beside n256/s4/in/d on session 50's kernel, replacing session 12's records; "
          "M4096_N4096_K2048 and M1024_N8192_K29568 from run411 (the same command on another "
          "lease: run409's unfused median of the first was an outlier, the second a near tie)")
  _report.replace_records(RESULTS / "h200x2/gemm_reduce_scatter_sweep.json", sweep, group=("tp", "shape"),
                          order=_report.gemm_rs_sweep_order, note=note, title="GEMM + reduce-scatter (bf16)")
  _report.replace_records(RESULTS / "h200x2/gemm_reduce_scatter.json",
                          [r for r in sweep if r["shape"] in PEERS_MD_SHAPES], group=("tp", "shape"),
                          note=note, title="GEMM + reduce-scatter (bf16)")


if __name__ == "__main__":
  main()
