"""Per-kernel CUPTI breakdown of the fp8 grouped GEMM (session 11): how much of a call is the XLA
weight transpose (and scale transpose) vs the Mosaic GPU kernel."""
import functools, jax, jax.numpy as jnp
from benchmarks import _timing
from benchmarks.grouped_gemm import _inputs
from jaxkern.shapes import GROUPED_GEMM_SHAPES
from pallas_kernels.grouped_gemm import quantize_lhs_fp8, quantize_rhs_fp8
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas
for name, cfg in [("DS_prefill_G16_M16384_gu", C(block_m=64, block_n=256, split="n", num_stages=4, block_k=128)),
                  ("DS_G16_m64_gu", C(block_m=128, block_n=128, num_stages=4, block_k=128, tiles="groups"))]:
  shape = next(s for s in GROUPED_GEMM_SHAPES if s.name == name)
  sets = []
  for seed in range(2):
    lhs, rhs, gs = _inputs(shape, seed)
    (lq, ls), (rq, rs) = quantize_lhs_fp8(lhs), quantize_rhs_fp8(rhs)
    sets.append((lq, rq, gs, ls, rs))
  fn = lambda a, b, g, x, y: grouped_gemm_pallas(a, b, g, lhs_scale=x, rhs_scale=y, config=cfg)
  t = _timing.time_fn(fn, sets, iters=10)
  print(f"{name} total {t.us:.1f} us")
  for k, us in t.kernels.items():
    print(f"  {us:9.1f} us  {k[:100]}")
