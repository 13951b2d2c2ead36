"""Session 69's table change (from the repository root, no device:
`python3 -m benchmarks.results.logs.session69.merge table`, on the table as session 68 left it;
`... merge records` then puts the public op's runs beside the peers into h200/grouped_gemm.json;
README.md here lists the runs). plan.Deal now snakes the last, partial round where a masked
group has several row tiles (`snake_last`), which balances the tiles of rows among the CTAs on
configs the old deal left uneven. run463's A/B (`call2.sh`, one process, 2 rounds, outputs
checked) timed configs around the new winners; a row changes where the new variant beat the
table's config by at least 0.1% of kernel time in every round (`ab_row`)."""

import json
import pathlib
import sys

from benchmarks.grouped_gemm_configs import ab_row, bench_records
from jaxkern import tuning

HERE = pathlib.Path(__file__).parent
H200 = "NVIDIA H200"
OP = "grouped_gemm_pallas"
SOURCE = "session 69, logs/session69/run463/"
# shape: (A/B file, variant, changes, what, against)
CHANGES = {
    "DS_G16_m32_dn/masked": (
        "m32_sweep.json", "s6", dict(block_n=128, num_stages=6),
        "64 x 128 row tiles, 6 stages, band 2, on the deal that snakes the last round (at most "
        "7 tiles of rows a CTA where the old deal gave 8, mean 6.8; run462, the same config on "
        "the old deal: 124.0-124.1 us, on the new 119.7-120.1)",
        "the previous row's 64 x 256, 4 stages"),
    "Gm_decode_gu/masked": (
        "gmgu_sweep.json", "b2", dict(band=2),
        "the previous row's config with band 2, on the deal that snakes the last round (at "
        "most 11 tiles of rows a CTA where the old deal gave 12; run462, the table's config on "
        "the old deal: 256.9-257.8 us, on the new 247.8-248.8)",
        "band 8"),
}


def table() -> list[str]:
  rows, changed = [], []
  for shape, (path, new, changes, what, against) in CHANGES.items():
    recs = json.loads((HERE / "run463" / path).read_text())
    row = ab_row(recs, shape, shape, new, "table", changes=changes, what=what, against=against,
                 source=SOURCE, date="2026-11-29")
    print(shape, "->", changes if row else "kept")
    if row:
      rows.append(row)
      changed.append(shape)
  print("wrote", tuning.write_rows(H200, OP, rows))
  return changed


# The public op beside its peers, the first of each row's benchmark runs (the others within
# 0.1 us of it): run464's bench1 (session 68's h200_next.sh: DS_G1_m1024_dn, whose rule has
# picked the kernel since session 68's table row; 3 runs, 45.1-45.2 us against
# lax.ragged_dot's 47.1) and run465's masked1 (call4.sh: the two masked rows changed above; 2
# runs, call3.sh's two before them within 0.6 us).
RECORDS = {"run464/bench1/h200/grouped_gemm.json": ("DS_G1_m1024_dn",),
           "run465/masked1.json": ("DS_G16_m32_dn/masked", "Gm_decode_gu/masked")}


def records() -> None:
  for path, shapes in RECORDS.items():
    run = path.split("/")[0]
    print("wrote", bench_records(
        HERE / path, shapes, run=f"session 69 {run}",
        note=f"session 69 {run} (logs/session69/): {', '.join(shapes)} beside the peers "
             "(DS_G1_m1024_dn: the kernel's table row since session 68; the masked rows: the "
             "deal that snakes the last round and session 69's table rows)"))


if __name__ == "__main__":
  if sys.argv[1:2] == ["table"]:
    table()
  elif sys.argv[1:2] == ["records"]:
    records()
  else:
    raise SystemExit(__doc__)
