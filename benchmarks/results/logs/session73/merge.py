"""Session 73's records (from the repository root, no device:
`python3 -m benchmarks.results.logs.session73.merge records`; README.md here lists the runs).

The public op beside the peers, on the kernel code of session 72's review, replaces the records
of every row these runs timed: run482 (Gemma's prefill rows; Gm_prefill_dn for the first time on
its row-store table row), run484 (DeepSeek's bf16 prefill rows, whose records were run146's;
the 16-bit row-store decode rows on exact starts; DeepSeek's fp8 prefill). Both ran with
--novariants where they name no XLA variant, so each row's XLA variants (jaxkern:xla[...]) stay
the earlier run's, tagged with it."""

import json
import pathlib
import sys

from benchmarks.grouped_gemm_configs import merge_main, put_records

HERE = pathlib.Path(__file__).parent
RUNS = {"session 73 run482": ["run482/bench.json"],
        "session 73 run484": ["run484/decode.json", "run484/prefill.json", "run484/fp8.json"]}


def records(results=None) -> None:
  new = [dict(r, run=run) for run, files in RUNS.items() for f in files
         for r in json.loads((HERE / f).read_text())["records"]]
  print("wrote", put_records(
      new, keep_xla_variants=True, results=results,
      note="session 73 run482 / run484 (logs/session73/): the public op beside the peers on the "
           "current kernel code. Gemma's prefill rows from run482 (Gm_prefill_gu 810.3 us, 641 "
           "TFLOP/s: under the 650 bar, where session 72's run479 / run480 on a faster H200 had "
           "801.3 / 795.6; Gm_prefill_dn 396.9 on its row-store table row). DeepSeek's bf16 "
           "prefill rows (were run146's), the decode rows Gm_decode_dn and DS_G16_m32_dn (were "
           "session 66's, before session 71's exact starts) and DeepSeek's fp8 prefill from "
           "run484. XLA variants, not re-run (--novariants), stay their earlier run's."))


if __name__ == "__main__":
  merge_main(__doc__, sys.argv, records=records)
