"""Session 72's table change and records (from the repository root, no device:
`python3 -m benchmarks.results.logs.session72.merge table`, on the table as session 71 left it;
`... merge records` then puts the public op's runs beside the peers into h200/grouped_gemm.json;
README.md here lists the runs).

Gm_prefill_dn's row takes row stores (`segment_stores="rows"`), whose group tiles now start at
their segment's first row (session 71). The A/B runs were each cut by their limit, so their
complete rounds are joined (`joined_rounds`): session 71's run476 (another H200, 1 round) and
this session's run479 and run481 (one H200, 1 complete round each)."""

import json
import pathlib
import sys

from benchmarks.grouped_gemm_configs import ab_row, joined_rounds, merge_main, put_records
from jaxkern import tuning

HERE = pathlib.Path(__file__).parent
RUNS = (HERE.parent / "session71/run476/exact_gm_dn.json", HERE / "run479/exact_gm_dn.json",
        HERE / "run481/exact_gm_dn2.json")


def table() -> None:
  runs = [json.loads(p.read_text()) for p in RUNS]
  recs = joined_rounds(runs, "Gm_prefill_dn", ("rows", "table"))
  row = ab_row(
      recs, "Gm_prefill_dn", "Gm_prefill_dn", "rows", "table",
      changes=dict(segment_stores="rows"), expect=dict(band=2, num_stages=4),
      what="the previous row's config with row stores, whose group tiles start at their "
           "segment's first row (session 71's exact starts)",
      against="for its swizzled stores",
      source="session 71 run476 and session 72 run479 / run481, each cut by its limit after "
             "these rounds; logs/session71/run476/, logs/session72/",
      date="2026-11-29")
  print("Gm_prefill_dn ->", "rows" if row else "kept")
  if row:
    print("wrote", tuning.write_rows("NVIDIA H200", "grouped_gemm_pallas", [row]))


def records() -> None:
  """run479: both Gemma prefill rows (Gm_prefill_dn on its table config before the change
  above) with the XLA variants; run480: Gm_prefill_gu's public op and peers again, minutes later
  on the same H200, without the XLA variants, whose records stay run479's."""
  run479 = json.loads((HERE / "run479/bench.json").read_text())["records"]
  run480 = json.loads((HERE / "run480/bench.json").read_text())["records"]
  again = {r["impl"] for r in run480 if r["shape"] == "Gm_prefill_gu"}
  recs = ([dict(r, run="session 72 run480") for r in run480 if r["shape"] == "Gm_prefill_gu"]
          + [dict(r, run="session 72 run479") for r in run479
             if r["shape"] == "Gm_prefill_dn"
             or (r["shape"] == "Gm_prefill_gu" and r["impl"] not in again)])
  print("wrote", put_records(
      recs,
      note="session 72 run479 / run480 (logs/session72/): Gemma's prefill rows beside the peers "
           "on 16-bit row-store group tiles that start at their segment's first row. "
           "Gm_prefill_gu's public op and peers from run480 (795.6 us, 653 TFLOP/s); run479, "
           "minutes earlier on the same H200, had 801.3 us (649) and gave its XLA variants. "
           "Gm_prefill_dn from run479, on its table config before session 72's row change "
           "(swizzled stores)."))


if __name__ == "__main__":
  merge_main(__doc__, sys.argv, table=table, records=records)
