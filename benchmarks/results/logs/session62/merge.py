"""Session 62's H200 runs into the committed tables (from the repository root, no device:
`python3 -m benchmarks.results.logs.session62.merge`; README.md here lists the runs).

- run421 (`fp8_stages.sh`, fp8_s5): DeepSeek's fp8 prefill (K-major weights) on 128 x 192 group
  tiles at 5 stages, which one epilogue buffer per consumer makes fit
  (`support.epilogue_buffers`), against the row's 4 -> DS_prefill_G16_M16384_gu/fp8/nk's row.
- run420 (`fp8_halves.sh`): half tiles for fp8 (now always on where they apply) on Gemma's fp8
  gate/up, the row's config unchanged -> Gm_prefill_gu/fp8/nk's time and reason.
- run426 (`STEP=bench final_fp8.sh`): the public op on the fp8 rows these change beside
  ragged_dot_mgpu -> benchmarks/results/h200/grouped_gemm.json.

Each row's time is the mean call time of its variant over the run's rounds (interleaved in one
process, every output checked against the float32 reference before it was timed); its reason is
`grouped_gemm_configs.ab_why`'s."""

import json
import pathlib
import statistics

from benchmarks import _report
from benchmarks.grouped_gemm_configs import ab_times, ab_why
from jaxkern import tuning

HERE = pathlib.Path(__file__).parent
RESULTS = HERE.parent.parent
H200 = "NVIDIA H200"
OP = "grouped_gemm_pallas"


def row(key_shape, run_file, shape, new, old, *, what, against, source, **config):
  """The table row of `key_shape` with `config` changes, its time the mean of `new`'s calls in
  the A/B run `run_file` and its reason `what`, then the A/B against `old`."""
  got = [r for r in tuning._load(H200, OP) if r.get("shape") == key_shape]
  if len(got) != 1:
    raise SystemExit(f"one row of {key_shape} expected, got {len(got)}")
  records = json.loads((HERE / run_file).read_text())
  calls = [round(t, 1) for t in ab_times(records, shape, new)[0]]
  why = ab_why(records, shape, new, old, against=against, source=source)
  return dict(got[0], config=dict(got[0]["config"], **config),
              us=round(statistics.mean(calls), 1), date="2026-11-28", jax="0.11.2",
              why=f"{what}: {why}; xla_us from the earlier configs run")


def main():
  ds = row("DS_prefill_G16_M16384_gu/fp8/nk", "run421/fp8_s5.json",
           "DS_prefill_G16_M16384_gu/fp8", "s5", "table", num_stages=5,
           what="128 x 192 group tiles at 5 stages (one epilogue buffer per consumer)",
           against="for the row's 4 stages",
           source="session 62, logs/session62/run421/fp8_s5.json")
  gm = row("Gm_prefill_gu/fp8/nk", "run420/fp8_halves.json", "Gm_prefill_gu/fp8", "halves",
           "table", what="128 x 128 group tiles, 5 stages (since session 46), with half tiles "
           "(fp8 since session 62)", against="without them",
           source="logs/session62/run420/fp8_halves.json")
  print("wrote", tuning.write_rows(H200, OP, [ds, gm]))
  _report.replace_records(
      RESULTS / "h200/grouped_gemm.json",
      json.loads((HERE / "run426/bench_fp8/h200/grouped_gemm.json").read_text())["records"],
      note="session 62 run426 (logs/session62/final_fp8.sh): the fp8 rows DS_G16_m64_gu, "
           "DeepSeek and Gemma prefill beside ragged_dot_mgpu, after half tiles for fp8 and the "
           "DeepSeek prefill row's fifth stage", title="grouped GEMM (bf16 unless marked)")


if __name__ == "__main__":
  main()
