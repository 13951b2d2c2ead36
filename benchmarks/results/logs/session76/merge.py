"""Session 76's records (from the repository root, no device:
`python3 -m benchmarks.results.logs.session76.merge records`; README.md here lists the runs).

- Issue 3, run498: the two prefix-free chunk rows the H200 runs on persistent CTAs, beside the
  peers, on the deal that prices a persistent item's own cost at one 64-key step where its costs
  are exact (plan.PERSISTENT_EXACT_ITEM_STEPS, session 75's run497 A/B), page sizes 16 and 1,
  replacing session 75's run493/run496 records key for key."""

import json
import pathlib
import sys

from benchmarks import _report
from benchmarks.grouped_gemm_configs import merge_main

HERE = pathlib.Path(__file__).parent

ATTENTION_RUNS = {
    "run498": "chunk_16x1024_p0 and chunk_32x512_p0 on the deal with an exact item's own cost "
              "at one step (session 75's run497 A/B): ours 137.7 us vs cuDNN 144.4 and 84.7 vs "
              "92.6"}


def _run(run, f):
  return [dict(r, run=run) for r in json.loads((HERE / f).read_text())["records"]]


def records(results=None) -> None:
  attention = pathlib.Path(results or HERE.parent.parent) / "h200/extend_attention.json"
  for run, note in ATTENTION_RUNS.items():
    print("wrote", _report.replace_records(
        attention, _run(f"session 76 {run}", f"{run}/attn.json"), retimed="some",
        title="extend attention (bf16, page 16)", note=f"session 76 {run} (logs/session76/): {note}"))


if __name__ == "__main__":
  merge_main(__doc__, sys.argv, records=records)
