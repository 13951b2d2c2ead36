"""Session 32: fp8 stream-K's least K steps per CTA (plan.MIN_STREAM_STEPS, 28 from bf16 units
of 112 steps; fp8 units of DS_G1 have 56) on the rows whose table config is fp8 stream-K, one
process, variants interleaved (extend: grouped_gemm_session20/ab_case.interleaved: the table's
config, checked, CUPTI). python .../ab_min_steps.py OUT ROWS STEPS ROUNDS"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import interleaved
from pallas_kernels.grouped_gemm import mosaic, plan


def variant(steps):
  def prepare():
    plan.MIN_STREAM_STEPS = steps
    return mosaic.grouped_gemm_pallas
  return f"min{steps}", prepare


out, rows, steps = sys.argv[1], sys.argv[2].split(","), [int(s) for s in sys.argv[3].split(",")]
interleaved(f"{out}/ab_min_steps.json", rows, int(sys.argv[4]), [variant(s) for s in steps])
