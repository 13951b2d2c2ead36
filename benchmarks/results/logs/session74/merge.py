"""Session 74's records and table change (from the repository root, no device:
`python3 -m benchmarks.results.logs.session74.merge records`, and `... merge table` on the
table as session 73 left it; `... merge compare` prints how far each re-timed record moved from
the one it replaced; README.md here lists the runs).

Issue 3's H200 table beside the peers on the current kernel code (session 71's jax 0.11 fix is
the kernel's last change): run486 timed every prefill and chunk row, run487 every verify row,
each at page sizes 16 and 1 with cuDNN, tokamax and our XLA path in the same process. Their 60
records replace the 60 of runs 103-325 (sessions 17-45) key for key, each tagged with its run.

DS_prefill_G16_M16384_dn's table row takes band 16 (was 8): it beat band 8 in kernel time in
each of the three complete rounds of run489 (one round: the limit cut the second) and run490
(two), one process each, outputs checked."""

import json
import pathlib
import sys

from benchmarks import _report
from benchmarks.grouped_gemm_configs import ab_row, joined_rounds, merge_main
from jaxkern import tuning

HERE = pathlib.Path(__file__).parent
RUNS = {"session 74 run486": "run486/attn_1.json", "session 74 run487": "run487/attn_2.json"}


def records(results=None) -> None:
  results = pathlib.Path(results or HERE.parent.parent)
  path = results / "h200/extend_attention.json"
  new = [dict(r, run=run) for run, f in RUNS.items()
         for r in json.loads((HERE / f).read_text())["records"]]
  print("wrote", _report.replace_records(
      path, new, retimed="all", title="extend attention (bf16, page 16)",
      note="session 74 run486 / run487 (logs/session74/): every row again beside the peers on "
           "the current kernel code, replacing runs 103-325; chunk_16x1024_p0 ours 145.4 us vs "
           "cuDNN 145.8 (run489 on another H200: 143.1 vs 143.5)"))


def compare() -> None:
  """Each re-timed record against the one it replaced (the records as of 8357350, from git), in
  % of the old time: how far ours and each peer moved (compare.log here)."""
  import subprocess
  old = json.loads(subprocess.run(
      ["git", "show", "8357350:benchmarks/results/h200/extend_attention.json"], check=True,
      capture_output=True, text=True).stdout)["records"]
  key = lambda r: tuple(r.get(f) for f in _report.RECORD_KEY)
  before = {key(r): r["us"] for r in old}
  for run, f in RUNS.items():
    for r in json.loads((HERE / f).read_text())["records"]:
      print(f"{r['shape']:24s} {r['impl']:15s} {before[key(r)]:8.1f} -> {r['us']:8.1f} us "
            f"{100 * (r['us'] / before[key(r)] - 1):+5.1f}%  ({run})")


def table() -> None:
  runs = [json.loads((HERE / p).read_text()) for p in ("run489/dsdn.json", "run490/dsdn16.json")]
  shape = "DS_prefill_G16_M16384_dn"
  recs = joined_rounds(runs, shape, ("b16", "table"))
  row = ab_row(recs, shape, shape, "b16", "table", changes=dict(band=16), expect=dict(band=8),
               what="the previous row's config with bands of 16 row tiles", against="for band 8",
               source="session 74 run489, cut by its limit after this round, and run490; "
                      "logs/session74/", date="2026-11-29")
  print(shape, "->", "band 16" if row else "kept")
  if row:
    print("wrote", tuning.write_rows("NVIDIA H200", "grouped_gemm_pallas", [row]))


if __name__ == "__main__":
  merge_main(__doc__, sys.argv, records=records, table=table, compare=compare)
