"""Session 67's table change (from the repository root, no device:
`python3 -m benchmarks.results.logs.session67.merge`, on the table and results as session 66 left
them; README.md here lists the runs). `... merge table AB_JSON` makes the table change alone from
an A/B run's records (call4.sh does so on the device before it times the public op).

fp8 group tiles now defer their stores under the next unit's wgmmas where they store by rows
(`support.deferred_stores`). run455 (`call4.sh`'s A/B, one process, 2 rounds, outputs checked)
timed the two fp8 decode rows' table configs (swizzled segment stores: not deferred) beside
row stores (deferred, "rows") and row stores not deferred ("rowsnodefer"). A row takes row stores
where "rows" beat "table" by at least 0.1% in every round.

Then the public op's records beside the peers (benchmarks.grouped_gemm --layouts fp8, run455,
after that table change) replace those of h200/grouped_gemm.json for the rows whose config
changed."""

import json
import pathlib
import sys

from benchmarks.grouped_gemm_configs import ab_row, bench_records
from jaxkern import tuning

HERE = pathlib.Path(__file__).parent
H200 = "NVIDIA H200"
OP = "grouped_gemm_pallas"
SHAPES = {"DS_G16_m64_gu/fp8": "DS_G16_m64_gu/fp8/nk", "DS_G4_m256_gu/fp8": "DS_G4_m256_gu/fp8/nk"}


def rows_row(recs, shape, key):
  """`key`'s table row with row stores, if run455's "rows" beat "table" by at least 0.1% in
  every round (None otherwise)."""
  return ab_row(recs, key, shape, "rows", "table", changes=dict(segment_stores="rows"),
                what="the previous row's config with row stores, which fp8 group tiles defer "
                     "under the next unit's wgmmas",
                against="with swizzled segment stores (not deferred)",
                source="session 67, logs/session67/run455/", date="2026-11-28")


def table(ab_json) -> list[str]:
  recs = json.loads(pathlib.Path(ab_json).read_text())
  recs = recs["records"] if isinstance(recs, dict) else recs
  rows, changed = [], []
  for shape, key in SHAPES.items():
    row = rows_row(recs, shape, key)
    print(shape, "->", "row stores (deferred)" if row else "kept")
    if row:
      rows.append(row)
      changed.append(shape)
  print("wrote", tuning.write_rows(H200, OP, rows))
  return changed


def main(argv):
  if argv[1:2] == ["table"]:
    table(argv[2])
    return
  changed = table(HERE / "run455/defer_rows.json")
  for shape in changed:
    print("wrote", bench_records(
        HERE / "run455/bench/h200/grouped_gemm.json", (shape,), run="session 67 run455",
        note=f"session 67 run455 (logs/session67/): {shape} beside its peer (its table row's "
             "row stores, deferred under the next unit's wgmmas)"))


if __name__ == "__main__":
  main(sys.argv)
