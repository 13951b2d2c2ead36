"""Session 75's records (from the repository root, no device:
`python3 -m benchmarks.results.logs.session75.merge records`; README.md here lists the runs).

- Issue 4, run491: the public op beside the peers on DeepSeek's bf16 prefill rows, gate/up on its
  table row and down on the band-16 row session 74 wrote (run484's records were band 8's).
- Issue 3, run493: the two prefix-free chunk rows the H200 runs on persistent CTAs, beside the
  peers, with plan.DEAL_WAVES = 2 (chunk_16x1024_p0's deal changed; chunk_32x512_p0's did not),
  page sizes 16 and 1, replacing session 74's run486 records key for key; run496 then
  chunk_16x1024_p0's again, on its table row's deal_waves = 4 (below).

`... merge table`: chunk_16x1024_p0's H200 tuning row takes deal_waves = 4, which beat the
default two waves in each of run495's three rounds (`ab_tail_more.py`, one process, checked,
kernel us); chunk_32x512_p0 keeps the default (four waves lost two of three rounds there)."""

import json
import pathlib
import sys

from benchmarks import _report
from benchmarks.grouped_gemm_configs import merge_main, put_records
from jaxkern import tuning

HERE = pathlib.Path(__file__).parent


# the attention runs, in order (run496 re-times run493's chunk_16x1024_p0 records)
ATTENTION_RUNS = {
    "run493": "chunk_16x1024_p0 and chunk_32x512_p0 with persistent deals of up to two waves' "
              "tail (plan.DEAL_WAVES = 2); chunk_16x1024_p0 ours 141.5 us vs cuDNN 144.1 (was "
              "145.4 vs 145.8)",
    "run496": "chunk_16x1024_p0 on its table row's four waves' tail (deal_waves = 4, run495's "
              "A/B): ours 137.4 us vs cuDNN 143.3"}


def _run(run, f):
  return [dict(r, run=run) for r in json.loads((HERE / f).read_text())["records"]]


def records(results=None) -> None:
  print("wrote", put_records(
      _run("session 75 run491", "run491/prefill.json"), keep_xla_variants=True, results=results,
      note="session 75 run491 (logs/session75/): DeepSeek's bf16 prefill rows beside the peers; "
           "DS_prefill_G16_M16384_dn on its band-16 table row (652.6 us, 737 TFLOP/s), gate/up "
           "1317.3 us (730 TFLOP/s). XLA variants, not re-run, stay their earlier run's."))
  attention = pathlib.Path(results or HERE.parent.parent) / "h200/extend_attention.json"
  for run, note in ATTENTION_RUNS.items():
    print("wrote", _report.replace_records(
        attention, _run(f"session 75 {run}", f"{run}/attn.json"), retimed="some",
        title="extend attention (bf16, page 16)", note=f"session 75 {run} (logs/session75/): {note}"))


def table() -> None:
  runs = json.loads((HERE / "run495/ab_tail_more.json").read_text())
  kern = {(r["shape"], r["round"], r["variant"]): r["kernel_us"] for r in runs}
  rounds = sorted({r["round"] for r in runs})
  key = {"regime": "chunked_prefill", "dtype": "bfloat16", "D": 256, "G": 2, "Hkv": 4, "B": 16,
         "T": 16384, "E": 1024, "P": 16, "window": False}
  wins = [kern["chunk_16x1024_p0", n, "waves4"] < kern["chunk_16x1024_p0", n, "waves2"]
          for n in rounds]
  print("chunk_16x1024_p0 four waves won", sum(wins), "of", len(wins), "rounds")
  if not all(wins):
    return
  row = tuning.lookup("NVIDIA H200", "extend_attention", key)
  row = dict(row, config=dict(row["config"], deal_waves=4))
  print("wrote", tuning.write_rows("NVIDIA H200", "extend_attention", [row]))


if __name__ == "__main__":
  merge_main(__doc__, sys.argv, records=records, table=table)
