"""Session 21: the tile plan's last reduction with its offset added inside (committed) or after
the reduction (variant "after"): which XLA kernels run before the GEMM (optimized HLO's ENTRY)
and the public op's CUPTI time, checked, on decode rows.
python benchmarks/results/logs/grouped_gemm_session21/meta_variants.py OUT shape,..."""
import json, re, sys
import jax, jax.numpy as jnp
import jaxkern
from jax import lax
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case, timed
from pallas_kernels.grouped_gemm import mosaic

committed = mosaic.group_tiles


def after(bounds, *, num_tiles, block_m):
  """group_tiles with the count entry / empty-tile marks added after the plan's reduction."""
  starts, ends = bounds[:, 0], bounds[:, 1]
  num_segments = starts.shape[0]
  a8 = lax.div(starts, 8)
  counts = jnp.where(ends > starts, lax.div(ends - a8 * 8 + block_m - 1, block_m), 0)
  seg = jnp.arange(num_segments, dtype=jnp.int32)
  first = mosaic._sum_last(jnp.where(seg[None, :] < seg[:, None], counts[None, :], 0))
  t = jnp.arange(num_tiles + 1, dtype=jnp.int32)[:, None, None]
  field = jnp.arange(3, dtype=jnp.int32)[None, :, None]
  inside = (t >= first) & (t < first + counts)
  value = jnp.where(field == 2, a8 + (t - first) * (block_m // 8), seg)
  total = first[-1] + counts[-1]
  t, field = t[..., 0], field[..., 0]
  extra = jnp.where(t == num_tiles, jnp.where(field == 0, total, 0), (field == 0) & (t >= total))
  return (mosaic._sum_last(jnp.where(inside, value, 0)) + extra).reshape(-1)


out = []
for full in sys.argv[2].split(","):
  sets, call, ref, cfg, flops = case(full)
  for label, fn in (("committed", committed), ("after", after)):
    mosaic.group_tiles = fn
    jax.clear_caches()
    text = jax.jit(call(jaxkern.grouped_gemm)).lower(*sets[0]).compile().as_text()
    entry = text[text.index("\nENTRY"):]
    kernels = re.findall(r"%([a-z_]+fusion[a-z_.0-9]*) = ", entry)
    print(full, label, "XLA kernels:", kernels, flush=True)
    out.append(timed(dict(shape=full, variant=label, xla_kernels=kernels),
                     call(jaxkern.grouped_gemm), ref, sets, flops, f"{full:16s} {label:10s}"))
  mosaic.group_tiles = committed
json.dump(out, open(f"{sys.argv[1]}/meta_variants.json", "w"), indent=1)
