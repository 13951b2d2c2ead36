"""Session 75's records (from the repository root, no device:
`python3 -m benchmarks.results.logs.session75.merge records`; README.md here lists the runs).

- Issue 4, run491: the public op beside the peers on DeepSeek's bf16 prefill rows, gate/up on its
  table row and down on the band-16 row session 74 wrote (run484's records were band 8's).
- Issue 3, run493: the two prefix-free chunk rows the H200 runs on persistent CTAs, beside the
  peers, with plan.DEAL_WAVES = 2 (chunk_16x1024_p0's deal changed; chunk_32x512_p0's did not),
  page sizes 16 and 1, replacing session 74's run486 records key for key."""

import json
import pathlib
import sys

from benchmarks import _report
from benchmarks.grouped_gemm_configs import merge_main, put_records

HERE = pathlib.Path(__file__).parent


def _run(run, f):
  return [dict(r, run=run) for r in json.loads((HERE / f).read_text())["records"]]


def records(results=None) -> None:
  print("wrote", put_records(
      _run("session 75 run491", "run491/prefill.json"), keep_xla_variants=True, results=results,
      note="session 75 run491 (logs/session75/): DeepSeek's bf16 prefill rows beside the peers; "
           "DS_prefill_G16_M16384_dn on its band-16 table row (652.6 us, 737 TFLOP/s), gate/up "
           "1317.3 us (730 TFLOP/s). XLA variants, not re-run, stay their earlier run's."))
  print("wrote", _report.replace_records(
      pathlib.Path(results or HERE.parent.parent) / "h200/extend_attention.json",
      _run("session 75 run493", "run493/attn.json"), retimed="some",
      title="extend attention (bf16, page 16)",
      note="session 75 run493 (logs/session75/): chunk_16x1024_p0 and chunk_32x512_p0 with "
           "persistent deals of up to two waves' tail (plan.DEAL_WAVES = 2); chunk_16x1024_p0 "
           "ours 141.5 us vs cuDNN 144.1 (was 145.4 vs 145.8)"))


if __name__ == "__main__":
  merge_main(__doc__, sys.argv, records=records)
