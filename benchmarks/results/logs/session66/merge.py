"""Session 66's table change (from the repository root, no device:
`python3 -m benchmarks.results.logs.session66.merge`, on the table and results as session 65 left
them; README.md here lists the runs).

run450 (`call3.sh`'s second A/B, one process, 2 rounds, outputs checked) timed Gm_decode_dn's
and DS_G16_m32_dn's table configs (64 x 128 group tiles, 6 stages, row stores) beside 64 x 256
tiles with 4 stages ("n256rows"). Gm_decode_dn's row takes 64 x 256 where its kernel ran at least
0.1% faster in both rounds; DS_G16_m32_dn's ran slower with it and keeps its row.

Then the public op's records beside the peers (benchmarks.grouped_gemm, contiguous) replace those
of h200/grouped_gemm.json: DS_G16_m32_dn's from run447 (`call1.sh`, its table row as session 65
left it: 64 x 128 group tiles, row stores) and Gm_decode_dn's from run451 (`call4.sh`, after the
table change above)."""

import json
import pathlib

from benchmarks.grouped_gemm_configs import ab_row, bench_records
from jaxkern import tuning

HERE = pathlib.Path(__file__).parent
H200 = "NVIDIA H200"
OP = "grouped_gemm_pallas"
WIDE = dict(block_n=256, num_stages=4)


def wide_row(recs, shape):
  """`shape`'s table row with WIDE, if run450's "n256rows" kernel beat "table" by at least 0.1%
  in every round (None otherwise); the row must be session 65's 64 x 128 row-stores config."""
  return ab_row(recs, shape, shape, "n256rows", "table", changes=WIDE,
                expect=dict(block_n=128, num_stages=6, segment_stores="rows"),
                what="the previous row's config with 64 x 256 tiles and 4 stages",
                against="with 64 x 128 tiles, 6 stages",
                source="session 66, logs/session66/run450/", date="2026-11-28")


def main():
  recs = json.loads((HERE / "run450/rows_n256.json").read_text())
  rows = []
  for shape in ("Gm_decode_dn", "DS_G16_m32_dn"):
    row = wide_row(recs, shape)
    print(shape, "->", "64 x 256, 4 stages" if row else "kept")
    if row:
      rows.append(row)
  print("wrote", tuning.write_rows(H200, OP, rows))

  for run, shape, what in (
      ("run447", "DS_G16_m32_dn", "its table row as session 65 left it"),
      ("run451", "Gm_decode_dn", "its table row's 64 x 256 group tiles, 4 stages (run450)")):
    print("wrote", bench_records(
        HERE / run / "bench/h200/grouped_gemm.json", (shape,), run=f"session 66 {run}",
        note=f"session 66 {run} (logs/session66/): {shape} beside its peers ({what})"))


if __name__ == "__main__":
  main()
