"""Probe: XLA kernels and CUPTI time of the tiles="groups" metadata (bounds + plan), in the
session-15 bare-reduction form and in the plain form (group_bounds, ragged_slots, stack)."""
import functools
import jax, jax.numpy as jnp, numpy as np
from benchmarks import _timing
from jaxkern.shapes import GROUPED_GEMM_SHAPES
from pallas_kernels._index import ragged_slots
from pallas_kernels.grouped_gemm import mosaic
from pallas_kernels.grouped_gemm.reference import group_bounds


def bare(gs, *, rows, bm):
  b = mosaic.segment_bounds(rows, group_sizes=gs, zero_segments=True)
  t = mosaic.group_tiles_bound(rows, b.shape[0], bm)
  return b.reshape(-1), mosaic.group_tiles(b, num_tiles=t, block_m=bm)


def plain(gs, *, rows, bm):
  starts, ends = group_bounds(gs, rows)
  starts = jnp.concatenate([starts, ends[-1:]])
  ends = jnp.concatenate([ends, jnp.full((1,), rows, jnp.int32)])
  t = mosaic.group_tiles_bound(rows, starts.shape[0], bm)
  a8 = starts // 8
  counts = jnp.where(ends > starts, -(-(ends - a8 * 8) // bm), 0)
  seg, j, total = ragged_slots(counts, t)
  used = jnp.arange(t, dtype=jnp.int32) < total
  plan = jnp.stack([jnp.where(used, seg, 1), jnp.where(used, seg, 0),
                    jnp.where(used, a8[seg] + j * (bm // 8), 0)], axis=1)
  return (jnp.stack([starts, ends], 1).reshape(-1),
          jnp.concatenate([plan.reshape(-1), jnp.stack([total, 0, 0]).astype(jnp.int32)]))


shapes = {s.name: s for s in GROUPED_GEMM_SHAPES}
for name, bm in [("DS_G16_m32_dn", 64), ("Gm_decode_dn", 64), ("DS_prefill_G8_M8192_gu", 128),
                 ("Gm_prefill_gu", 128)]:
  sizes = shapes[name].group_sizes()
  rows = int(sizes.sum()) + 8
  gs = jnp.asarray(sizes)
  outs = {}
  for form, fn in (("bare", bare), ("plain", plain)):
    f = jax.jit(functools.partial(fn, rows=rows, bm=bm))
    outs[form] = [np.asarray(x) for x in f(gs)]
    t = _timing.time_fn(f, [(gs,)], iters=20)
    print(f"{name} {form}: {t.us:.2f} us in {len(t.kernels or {})} kernels {t.kernels}", flush=True)
  print(name, "same result:", all(np.array_equal(a, b) for a, b in zip(outs["bare"], outs["plain"])))
