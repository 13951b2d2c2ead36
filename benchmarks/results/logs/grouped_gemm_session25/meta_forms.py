"""Session 25: forms of the tiles="groups" plan (group_tiles) and which XLA kernels they make on
the GPU: each form's plan checked against the committed one (entries of used tiles and the count
of used tiles), its kernels counted and CUPTI-timed alone, bounds + plan from group sizes.
python benchmarks/results/logs/grouped_gemm_session25/meta_forms.py [shape:bm,... [form,...]]
("committed": plan.group_tiles as the working tree has it)."""
import functools, sys
import jax, jax.numpy as jnp, numpy as np
from jax import lax
from benchmarks import _timing
from jaxkern.shapes import GROUPED_GEMM_SHAPES
from pallas_kernels.grouped_gemm import plan as P


def _counts(bounds, bm):
  starts, ends = bounds[:, 0], bounds[:, 1]
  a8 = lax.div(starts, 8)
  return a8, jnp.where(ends > starts, lax.div(ends - a8 * 8 + bm - 1, bm), 0)


def _first(counts):
  s = counts.shape[0]
  seg = jnp.arange(s, dtype=jnp.int32)
  return P._sum_last(jnp.where(seg[None, :] < seg[:, None], counts[None, :], 0))


def committed(bounds, t, bm):
  return P.group_tiles(bounds, num_tiles=t, block_m=bm)


def sentinel(bounds, t, bm):
  """The count of used tiles as the sentinel row's sum (no offset add); no marks past it."""
  a8, counts = _counts(bounds, bm)
  s = counts.shape[0]
  first = _first(counts)
  tt = jnp.arange(t + 1, dtype=jnp.int32)[:, None, None]
  field = jnp.arange(3, dtype=jnp.int32)[None, :, None]
  seg = jnp.arange(s, dtype=jnp.int32)
  inside = (tt >= first) & (tt < first + counts)
  value = jnp.where(field == 2, a8 + (tt - first) * (bm // 8), seg)
  x = jnp.where(tt == t, jnp.where(field == 0, counts, 0), jnp.where(inside, value, 0))
  return x.sum(-1, dtype=jnp.int32).reshape(-1)


def per_field(bounds, t, bm):
  """Segment and first row as two [T + 1, S] reductions, stacked after."""
  a8, counts = _counts(bounds, bm)
  s = counts.shape[0]
  first = _first(counts)
  tt = jnp.arange(t + 1, dtype=jnp.int32)[:, None]
  seg = jnp.arange(s, dtype=jnp.int32)
  inside = (tt >= first) & (tt < first + counts)
  sg = jnp.where(tt == t, counts, jnp.where(inside, seg, 0)).sum(-1, dtype=jnp.int32)
  row = jnp.where(inside & (tt < t), a8 + (tt - first) * (bm // 8), 0).sum(-1, dtype=jnp.int32)
  last = jnp.where(jnp.arange(t + 1) == t, 0, sg)
  return jnp.stack([sg, last, row], 1).reshape(-1)


def cum_search(bounds, t, bm):
  """Each tile's segment by counting the segments that end at or before it (one [T + 1, S]
  reduction over inclusive running tile counts), entries by gathers after it."""
  a8, counts = _counts(bounds, bm)
  s = counts.shape[0]
  seg = jnp.arange(s, dtype=jnp.int32)
  cum = P._sum_last(jnp.where(seg[None, :] <= seg[:, None], counts[None, :], 0))   # inclusive
  tt = jnp.arange(t + 1, dtype=jnp.int32)
  sg = (cum[None, :] <= tt[:, None]).sum(-1, dtype=jnp.int32)
  sgc = jnp.minimum(sg, s - 1)
  row = a8[sgc] + (tt - (cum[sgc] - counts[sgc])) * (bm // 8)
  total = cum[-1]
  f0 = jnp.where(tt == t, total, sgc)
  return jnp.stack([f0, jnp.where(tt == t, 0, sgc), jnp.where(tt == t, 0, row)], 1).reshape(-1)


def sentinel_2d(bounds, t, bm):
  """sentinel's input as [(T + 1) * 3, S] (one reduced and one kept dimension)."""
  a8, counts = _counts(bounds, bm)
  s = counts.shape[0]
  first = _first(counts)
  r = jnp.arange((t + 1) * 3, dtype=jnp.int32)[:, None]
  tt, field = lax.div(r, 3), lax.rem(r, 3)
  seg = jnp.arange(s, dtype=jnp.int32)
  inside = (tt >= first) & (tt < first + counts)
  value = jnp.where(field == 2, a8 + (tt - first) * (bm // 8), seg)
  x = jnp.where(tt == t, jnp.where(field == 0, counts, 0), jnp.where(inside, value, 0))
  return x.sum(-1, dtype=jnp.int32)


def _elemental_sum_last(x):
  """Sum over the last axis by reductions XLA's GPU backend emits elementally (row length under
  32 and not a divisor of 32: no warp-level reduction kernel of its own), two levels if long."""
  x = x.astype(jnp.int32)
  s = x.shape[-1]
  ok = lambda n: n < 32 and 32 % n != 0
  if ok(s):
    return x.sum(-1, dtype=jnp.int32)
  for inner in range(31, 2, -1):
    outer = -(-s // inner)
    if ok(inner) and ok(outer):
      x = jnp.pad(x, [(0, 0)] * (x.ndim - 1) + [(0, outer * inner - s)])
      x = x.reshape(x.shape[:-1] + (outer, inner)).sum(-1, dtype=jnp.int32)
      return x.sum(-1, dtype=jnp.int32)
  return x.sum(-1, dtype=jnp.int32)


def _cum_split(bounds, t, bm, *, split_cum):
  a8, counts = _counts(bounds, bm)
  s = counts.shape[0]
  seg = jnp.arange(s, dtype=jnp.int32)
  incl = jnp.where(seg[None, :] <= seg[:, None], counts[None, :], 0)
  cum = _elemental_sum_last(incl) if split_cum else P._sum_last(incl)
  tt = jnp.arange(t + 1, dtype=jnp.int32)
  sg = _elemental_sum_last(cum[None, :] <= tt[:, None])
  sgc = jnp.minimum(sg, s - 1)
  row = a8[sgc] + (tt - (cum[sgc] - counts[sgc])) * (bm // 8)
  total = cum[-1]
  f0 = jnp.where(tt == t, total, sgc)
  return jnp.stack([f0, jnp.where(tt == t, 0, sgc), jnp.where(tt == t, 0, row)], 1).reshape(-1)


def cum_split(bounds, t, bm):
  """cum_search with the per-tile segment count as elementally emitted reductions."""
  return _cum_split(bounds, t, bm, split_cum=False)


def cum_split2(bounds, t, bm):
  """cum_split with the running tile counts as elementally emitted reductions too."""
  return _cum_split(bounds, t, bm, split_cum=True)


FORMS = dict(committed=committed, sentinel=sentinel, sentinel_2d=sentinel_2d,
             per_field=per_field, cum_search=cum_search, cum_split=cum_split,
             cum_split2=cum_split2)


def meta(gs, *, rows, bm, form):
  b = P.segment_bounds(rows, group_sizes=gs, zero_segments=True)
  t = P.group_tiles_bound(rows, b.shape[0], bm)
  return b.reshape(-1), FORMS[form](b, t, bm)


def same(ref, got, t):
  total = int(ref[3 * t])
  return int(got[3 * t]) == total and np.array_equal(ref[:3 * total], got[:3 * total])


def main():
  shapes = {s.name: s for s in GROUPED_GEMM_SHAPES}
  cases = (sys.argv[1] if len(sys.argv) > 1 else
           "DS_G16_m32_dn:64,Gm_decode_dn:64,DS_prefill_G8_M8192_gu:128,Gm_prefill_gu:128")
  for item in cases.split(","):
    name, bm = item.split(":")
    bm = int(bm)
    for seed in range(2):
      sizes = shapes[name].group_sizes(seed)
      rows = int(sizes.sum()) + 8 * seed
      gs = jnp.asarray(sizes)
      ref = None
      for form in (sys.argv[2].split(",") if len(sys.argv) > 2 else FORMS):
        f = jax.jit(functools.partial(meta, rows=rows, bm=bm, form=form))
        b, p = (np.asarray(x) for x in f(gs))
        t = P.group_tiles_bound(rows, b.size // 2, bm)
        ref = p if ref is None else ref
        ok = same(ref, p, t)
        if seed:
          print(f"{name} seed {seed} {form}: {'same' if ok else 'DIFFERENT'}", flush=True)
          continue
        text = f.lower(gs).compile().as_text()
        entry = text[text.index("\nENTRY"):]
        import re
        kernels = re.findall(r"%([a-z_]+fusion[a-z_.0-9]*) = ", entry)
        tm = _timing.time_fn(f, [(gs,)], iters=30)
        print(f"{name} {form:10s} {'same' if ok else 'DIFFERENT'} {tm.us:5.2f} us "
              f"{len(tm.kernels or {})} kernels {kernels} "
              f"{ {k: round(v, 2) for k, v in (tm.kernels or {}).items()} }", flush=True)


if __name__ == "__main__":
  main()
