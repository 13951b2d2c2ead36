"""Probe: how much of a group-tile launch is the epilogue? The kernel with and without its
stores (_store_segment_rows a no-op), 128x256 group tiles, on four prefill shapes."""
import functools
import jax, jax.numpy as jnp, numpy as np
from pallas_kernels.grouped_gemm import mosaic
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C
from benchmarks import _timing
from jaxkern.shapes import GROUPED_GEMM_SHAPES
shapes = {s.name: s for s in GROUPED_GEMM_SHAPES}
cfg = C(block_m=128, block_n=256, num_stages=4, tiles="groups")
orig = mosaic._store_segment_rows
for name in ["Gm_prefill_dn", "DS_prefill_G16_M16384_dn", "Gm_prefill_gu", "DS_prefill_G8_M8192_gu"]:
  s = shapes[name]; sizes = s.group_sizes(); m = int(sizes.sum())
  rng = np.random.default_rng(0)
  lhs = jnp.asarray(rng.standard_normal((m, s.k), np.float32), jnp.bfloat16)
  rhs = jnp.asarray(rng.standard_normal((s.num_groups, s.k, s.n), np.float32) / np.sqrt(s.k), jnp.bfloat16)
  gs = jnp.asarray(sizes)
  res = {}
  for nostore in (False, True):
    jax.clear_caches()
    mosaic._store_segment_rows = (lambda *a, **k: None) if nostore else orig
    f = jax.jit(functools.partial(mosaic.grouped_gemm_pallas, config=cfg))
    t = _timing.time_fn(f, [(lhs, rhs, gs)], iters=10)
    res[nostore] = [v for k, v in t.kernels.items() if "mosaic" in k][0]
  mosaic._store_segment_rows = orig
  flops = 2.0 * m * s.k * s.n
  print(f"{name}: kernel {res[False]:.1f} us ({flops / res[False] / 1e6:.0f} TF/s), without stores "
        f"{res[True]:.1f} us ({flops / res[True] / 1e6:.0f} TF/s): stores cost {100 * (1 - res[True] / res[False]):.1f}%", flush=True)
