"""Session 65's H200 runs into the committed tables (from the repository root, no device:
`python3 -m benchmarks.results.logs.session65.merge`; README.md here lists the runs).

run446 (`ragged_tma.sh`, one process, 2 rounds, every output checked) timed the table's config
of each row with its segments' rows stored from registers ("table") and by TMA boxes from an
unswizzled buffer ("ragged": the experiment patch's form of `segment_stores="rows"`). The rows
where "ragged" ran the kernel at least 0.1% faster in both rounds take `segment_stores="rows"`, with the run's call time
(the mean of its two rounds) and both variants' times as the reason. Gm_decode_gu was level
(table row kept); the script's time limits cut DS_G16_m64_gu/fp8 and Gm_prefill_dn before they
ran. The other runs (run441-445) are ablations and probes: nothing of them goes into a table."""

import json
import pathlib

from benchmarks.grouped_gemm_configs import ab_row
from jaxkern import tuning

HERE = pathlib.Path(__file__).parent
H200 = "NVIDIA H200"
OP = "grouped_gemm_pallas"


def records(path):
  return json.loads((HERE / path).read_text())


def row_with_row_stores(recs, shape, run):
  """The table row of `shape` with segment_stores="rows", if run `run`'s "ragged" variant's
  kernel time beat "table"'s by at least 0.1% in every round (None otherwise)."""
  return ab_row(recs, shape, shape, "ragged", "table", changes=dict(segment_stores="rows"),
                what="the previous row's config with segment_stores='rows' (every row of a "
                     "segment stored by TMA)",
                against="with its ragged rows stored from registers",
                source=f"session 65, logs/session65/{run}/", date="2026-11-28")


def main():
  recs = records("run446/decode.json") + records("run446/prefill.json")
  rows = []
  for shape in ("Gm_decode_dn", "DS_G16_m32_dn", "Gm_decode_gu", "Gm_prefill_gu"):
    row = row_with_row_stores(recs, shape, "run446")
    print(shape, "->", "segment_stores='rows'" if row else "kept")
    if row:
      rows.append(row)
  print("wrote", tuning.write_rows(H200, OP, rows))


if __name__ == "__main__":
  main()
