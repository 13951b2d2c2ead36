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
process, every output checked against the float32 reference before it was timed)."""

import json
import pathlib
import statistics

from benchmarks import _report
from jaxkern import tuning

HERE = pathlib.Path(__file__).parent
RESULTS = HERE.parent.parent
H200 = "NVIDIA H200"
OP = "grouped_gemm_pallas"


def times(path, shape, variant, field="us"):
  """The rounds' times of one variant of an ab_configs run, in round order."""
  recs = [r for r in json.loads((HERE / path).read_text())
          if r["shape"] == shape and r["variant"] == variant]
  if not recs:
    raise SystemExit(f"{path}: no {shape} / {variant}")
  return [round(r[field], 1) for r in sorted(recs, key=lambda r: r["round"])]


def span(ts):
  return " / ".join(f"{t:.1f}" for t in ts)


def row(shape, key_shape, run_file, new, old, **config):
  """The table row of `key_shape` with `config` changes, its time run_file's `new` variant's and
  its reason the A/B against `old` (call us, kernel us)."""
  got = [r for r in tuning._load(H200, OP) if r.get("shape") == key_shape]
  if len(got) != 1:
    raise SystemExit(f"one row of {key_shape} expected, got {len(got)}")
  calls, kernels = times(run_file, shape, new), times(run_file, shape, new, "kernel_us")
  o_calls, o_kernels = times(run_file, shape, old), times(run_file, shape, old, "kernel_us")
  return dict(got[0], config=dict(got[0]["config"], **config), us=round(statistics.mean(calls), 1),
              date="2026-11-28", jax="0.11.2", why=None), (calls, kernels, o_calls, o_kernels)


def main():
  ds, (c, k, oc, ok) = row("DS_prefill_G16_M16384_gu/fp8", "DS_prefill_G16_M16384_gu/fp8/nk",
                           "run421/fp8_s5.json", "s5", "table", num_stages=5)
  ds["why"] = (f"128 x 192 group tiles at 5 stages (one epilogue buffer per consumer): call "
               f"{span(c)} us (kernel {span(k)}) against {span(oc)} ({span(ok)}) for the row's 4 "
               f"stages, in one process, 2 rounds (session 62, logs/session62/run421/fp8_s5.json); "
               f"xla_us from the earlier configs run")
  gm, (c, k, oc, ok) = row("Gm_prefill_gu/fp8", "Gm_prefill_gu/fp8/nk", "run420/fp8_halves.json",
                           "halves", "table")
  gm["why"] = (f"128 x 128 group tiles, 5 stages (since session 46), with half tiles (fp8 since "
               f"session 62): call {span(c)} us (kernel {span(k)}) against {span(oc)} ({span(ok)}) "
               f"without them, in one process, 3 rounds (logs/session62/run420/fp8_halves.json); "
               f"xla_us from the earlier configs run")
  print("wrote", tuning.write_rows(H200, OP, [ds, gm]))
  _report.replace_records(
      RESULTS / "h200/grouped_gemm.json",
      json.loads((HERE / "run426/bench_fp8/h200/grouped_gemm.json").read_text())["records"],
      note="session 62 run426 (logs/session62/final_fp8.sh): the fp8 rows DS_G16_m64_gu, "
           "DeepSeek and Gemma prefill beside ragged_dot_mgpu, after half tiles for fp8 and the "
           "DeepSeek prefill row's fifth stage", title="grouped GEMM (bf16 unless marked)")


if __name__ == "__main__":
  main()
