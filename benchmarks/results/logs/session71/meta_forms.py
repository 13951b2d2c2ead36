"""Session 71: can a contiguous grouped GEMM launch's metadata (tiles="groups": the segment bounds
and the running tile counts) come from one XLA kernel instead of two? The committed form
(`plan.launch_meta`) runs the bounds as one reduction and the running tile counts as a second
one over the bounds (a tile count needs its segment's first row rounded down to 8: a reduction's
result), ~1.2-1.4 us each beside the decode rows' kernels. Candidate: one variadic reduction over
the group sizes giving start, end and an upper bound on the running tile count (each segment's
tiles counted as cdiv(size + 7, block_m): at most one more than the exact count, an empty last
tile). Times each form (CUPTI, kernels by name) on the benchmark's group sizes, and on the CPU
checks the candidate's bounds against the committed ones.

python -m benchmarks.results.logs.session71.meta_forms
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from benchmarks import _timing
from jaxkern.shapes import GROUPED_GEMM_SHAPES
from pallas_kernels.grouped_gemm import plan


def fused_meta(sizes, rows: int, block_m: int):
  """(tile ends of the G groups, flat bounds of the G + 1 segments) from one variadic reduction;
  the tail's tile count is left to the kernel (from the last group's end)."""
  sizes = jnp.maximum(sizes.astype(jnp.int32), 0)
  g = sizes.shape[0]
  seg = jnp.arange(g + 1, dtype=jnp.int32)[:, None]
  j = jnp.arange(g, dtype=jnp.int32)[None, :]
  size_j = sizes[None, :]
  start = jnp.where(j < seg, size_j, 0)
  end = jnp.where(seg == g, jnp.where(j == 0, rows, 0), jnp.where(j <= seg, size_j, 0))
  tiles = jnp.where((j <= seg) & (seg < g) & (size_j > 0),
                    lax.div(jnp.minimum(size_j, rows) + 7 + block_m - 1, block_m), 0)

  def add(x, y):
    return (jnp.minimum(x[0] + y[0], rows), jnp.minimum(x[1] + y[1], rows), x[2] + y[2])
  zero = jnp.int32(0)
  st, en, te = lax.reduce((jnp.minimum(start, rows), jnp.minimum(end, rows), tiles),
                          (zero, zero, zero), add, (1,))
  return te[:g], jnp.stack([st, en], axis=1).reshape(-1)


def committed(sizes, rows, block_m):
  m = plan.launch_meta(rows, block_m, by_group=True, group_sizes=sizes)
  return m.ends, m.bounds


def main():
  cpu = jax.default_backend() != "gpu"
  for shape in GROUPED_GEMM_SHAPES:
    if shape.num_groups < 8 or shape.name.endswith("dn") and "prefill" in shape.name:
      continue
    sizes = jnp.asarray(shape.group_sizes())
    rows = int(np.sum(shape.group_sizes()))
    for bm in (64, 128):
      ce, cb = jax.jit(committed, static_argnums=(1, 2))(sizes, rows, bm)
      fe, fb = jax.jit(fused_meta, static_argnums=(1, 2))(sizes, rows, bm)
      ok = np.array_equal(np.asarray(cb), np.asarray(fb))
      extra = int(fe[-1] - ce[-2])
      line = f"{shape.name:26s} bm {bm:3d} bounds equal {ok} extra tiles {extra}"
      if not cpu:
        for name, fn in (("committed", committed), ("fused", fused_meta)):
          t = _timing.time_fn(lambda x, fn=fn: fn(x, rows, bm), [(sizes,)] * 4, iters=50)
          line += f" | {name} {t.us:5.2f} us {len(t.kernels)} kernels"
      print(line, flush=True)


if __name__ == "__main__":
  main()
