"""Session 79's grouped GEMM record (from the repository root, no device:
`python3 -m benchmarks.results.logs.session79.merge_fp8 records`; README.md here lists the runs).

run517 timed the public op on Gemma's fp8 gate/up (Gm_prefill_gu/fp8) beside ragged_dot_mgpu,
after its table row moved from band 8 to band 1 (run516's A/B); it replaces the shape's record of
session 62's run426 (band 8, another machine). run517's machine was the slower of the two: its
own A/B ran the row's kernel at 518.6-519.0 us in band 1 and 523.6-524.5 in band 8, where
run516's machine ran 497.6-497.8 and 503.7-503.8. Run with --novariants, so the row's XLA
variants stay the earlier run's, tagged with it."""

import json
import pathlib
import sys

from benchmarks.grouped_gemm_configs import merge_main, put_records

HERE = pathlib.Path(__file__).parent


def records(results=None) -> None:
  new = [dict(r, run="session 79 run517")
         for r in json.loads((HERE / "run517/fp8.json").read_text())["records"]]
  print("wrote", put_records(
      new, keep_xla_variants=True, results=results,
      note="session 79 run517 (logs/session79/): Gemma's fp8 gate/up through the public op on "
           "its table row's band 1 (was band 8; run516's A/B, one process: kernel 497.6 / 497.8 "
           "against 503.7 / 503.8 us), 524.1 us (992 TFLOP/s) beside ragged_dot_mgpu's 824.7, "
           "on a slower H200 than run516's (its own A/B: 518.6 / 519.0 against 523.6 / 524.5)"))


if __name__ == "__main__":
  merge_main(__doc__, sys.argv, records=records)
