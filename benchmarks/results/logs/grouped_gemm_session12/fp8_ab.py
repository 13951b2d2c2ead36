"""Session 12 A/B: fp8 consumers taking turns (PINGPONG) vs not, same process, alternating, K-major
weights; CUPTI kernel time of the whole call, checked against the reference first."""
import functools, sys, jax, jax.numpy as jnp
from benchmarks import _timing
from benchmarks.grouped_gemm import _inputs
from jaxkern.checks import rel_err
from jaxkern.shapes import GROUPED_GEMM_SHAPES
from pallas_kernels.grouped_gemm import quantize_lhs_fp8, quantize_rhs_fp8, grouped_gemm_reference
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C
from pallas_kernels.grouped_gemm import mosaic
F = dict(block_k=128)
R = C(block_m=128, block_n=128, num_stages=4, **F)
N = C(block_m=64, block_n=256, split="n", num_stages=4, **F)
cases = [("DS_prefill_G16_M16384_gu", [R, N]), ("Gm_prefill_gu", [R, C(block_m=128, block_n=128, num_stages=4, tiles="groups", **F)]),
         ("DS_G16_m64_gu", [C(block_m=128, block_n=128, num_stages=4, tiles="groups", **F)]),
         ("DS_G1_m1024_gu", [R]), ("DS_G4_m256_gu", [C(block_m=64, block_n=256, split="n", num_stages=4, tiles="groups", **F)])]
for name, cfgs in cases:
  shape = next(s for s in GROUPED_GEMM_SHAPES if s.name == name)
  sets = []
  for seed in range(2):
    lhs, rhs, gs = _inputs(shape, seed)
    (lq, ls), (rq, rs) = quantize_lhs_fp8(lhs), quantize_rhs_fp8(rhs, "nk")
    sets.append((lq, rq, gs, ls, rs))
  ref = jax.jit(lambda a, b, g, x, y: grouped_gemm_reference(a, b, g, lhs_scale=x, rhs_scale=y, rhs_layout="nk"))(*sets[0])
  rows = int(sets[0][2].sum())
  for cfg in cfgs:
    res = {}
    for rep in range(2):
      for pp in (False, True):
        mosaic.PINGPONG = pp
        fn = jax.jit(functools.partial(mosaic.grouped_gemm_pallas, config=cfg, rhs_layout="nk"))
        fn = functools.partial(lambda f, a, b, g, x, y: f(a, b, g, lhs_scale=x, rhs_scale=y), fn)
        out = fn(*sets[0])
        err = float(rel_err(out, ref))
        t = _timing.time_fn(fn, sets, iters=10)
        res.setdefault(pp, []).append(t.us)
        print(f"{name:26s} m{cfg.block_m}/n{cfg.block_n}/{cfg.split}/{cfg.tiles:6s} pingpong={pp!s:5s} {t.us:8.1f} us {2*rows*shape.k*shape.n/t.us/1e6:6.0f} TF/s err {err:.1e}", flush=True)
