"""Review of session 68: the stream-K deal (`plan.StreamDeal.of`) of the one-group DeepSeek rows
with 128 x 256 group tiles on 132 CTAs, backing the session's arithmetic (rows from
jaxkern.shapes: 1112; bf16 K steps of 64).

  python3 -m benchmarks.results.logs.review_session68.sk_deal
"""
from jaxkern.shapes import GROUPED_GEMM_SHAPES
from pallas_kernels.grouped_gemm import plan

for s in GROUPED_GEMM_SHAPES:
  if s.name not in ("DS_G1_m1024_gu", "DS_G1_m1024_dn"):
    continue
  rows = int(s.group_sizes().sum())
  units = -(-rows // 128) * (s.n // 256)
  k_steps = s.k // 64
  for min_steps in (14, 28, 56, 112):
    d = plan.StreamDeal.of(units, 0, 132, k_steps, min_steps)
    steps = int(d.steps) // int(d.ctas)
    print(f"{s.name}: {rows} rows, {units} units of {k_steps} K steps; {int(d.rounds)} whole "
          f"round(s), {int(d.sk_units)} stream-K units on {int(d.ctas)} CTAs of ~{steps} steps "
          f"(min {min_steps}): the last round {steps / k_steps:.2f} of a unit", flush=True)
