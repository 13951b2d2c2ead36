"""Grouped GEMM on the PEERS.md §3 shapes: our impls (and each XLA variant the rule can pick) vs
lax.ragged_dot, JAX's ragged_dot_mgpu and tokamax's Mosaic GPU ragged_dot, in the same process;
the masked layout vs one batched dot over all M_max rows (cuBLAS batched, PEERS.md's peer).

  python -m benchmarks.grouped_gemm [--shapes seed|small] [--only NAME,...] [--novariants]
      [--out DIR] [--update-tuning]

"jaxkern:auto" is the public op (the impl the rule chose is in each record's "chosen"); its fp8 rows
take the weights K-major (rhs [G, N, K], as fp8 serving stores them). "jaxkern:unwritten" (masked
rows) is the public op with invalid_rows="unwritten" (rows past masked_m left unspecified, as
DeepGEMM's masked kernel leaves them), checked on the valid rows.

--update-tuning writes the fastest measured XLA variant per shape bucket to
jaxkern/tuning/<device>/grouped_gemm.json, which the rule then prefers to its formula.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
from absl import app, flags

import jaxkern
from benchmarks import _report, _timing
from jaxkern.device import DeviceSpec
from jaxkern.rules import grouped_gemm as rule
from jaxkern.shapes import (FP8_GROUPED_GEMM_SHAPES, GROUPED_GEMM_SHAPES,
                            MASKED_GROUPED_GEMM_SHAPES, GroupedGemmShape)
from pallas_kernels.grouped_gemm import (GroupedGemmXlaConfig, grouped_gemm_reference,
                                         quantize_lhs_fp8, quantize_rhs_fp8)

_SHAPES = flags.DEFINE_enum("shapes", "seed", ["seed", "small"], "seed: PEERS.md §3; small: CPU smoke")
_OUT = flags.DEFINE_string("out", "benchmarks/results", "output folder")
_ITERS = flags.DEFINE_integer("iters", 20, "timed iterations (median)")
_UPDATE = flags.DEFINE_bool("update-tuning", False, "write the measured table under jaxkern/tuning")
_LAYOUTS = flags.DEFINE_list("layouts", ["contiguous", "masked", "fp8"], "which families to run")
_ONLY = flags.DEFINE_list("only", [], "only these PEERS.md §3 shape names (default: all)")
_VARIANTS = flags.DEFINE_bool("variants", True, "also time each XLA variant the rule can pick "
                              "(needed by --update-tuning)")

SMALL_SHAPES = (GroupedGemmShape("small_G1", 1, 256, 256, 96),
                GroupedGemmShape("small_G8", 8, 256, 128, 24),
                GroupedGemmShape("small_G8_dec", 8, 128, 256, 4, memory_bound=True))
TOL = 2e-2
_MGPU_CONFIGS = ((128, 128, 64, 4, 1), (64, 128, 64, 4, 1))
# fp8: 128 one-byte elements per K step fill a 128-byte swizzled row, as 64 bf16 ones do
_MGPU_FP8_CONFIGS = ((128, 128, 128, 4, 1), (128, 256, 128, 3, 1), (64, 128, 128, 4, 1))
# ragged_dot_mgpu's fp8 result is fp8 (e4m3: 3 mantissa bits, ~3.6% rms rounding error)
FP8_OUT_TOL = 8e-2


def _inputs(shape: GroupedGemmShape, seed: int, masked: bool = False):
  rng = np.random.default_rng(seed)
  sizes = shape.group_sizes()
  if masked:
    m = shape.masked_m_max
    lhs = rng.standard_normal((shape.num_groups, m, shape.k), np.float32)
    sizes = np.minimum(sizes, m)
  else:
    lhs = rng.standard_normal((int(sizes.sum()), shape.k), np.float32)
  rhs = rng.standard_normal((shape.num_groups, shape.k, shape.n), np.float32) / np.sqrt(shape.k)
  return jnp.asarray(lhs, jnp.bfloat16), jnp.asarray(rhs, jnp.bfloat16), jnp.asarray(sizes)


def fp8_inputs(shape: GroupedGemmShape, seed: int, masked: bool = False, rhs_layout: str = "nk",
               scale_layout: str = "mk"):
  """`_inputs` quantized with DeepGEMM's 1D2D scaling: (lhs, rhs, sizes, lhs_scale, rhs_scale),
  the weights in `rhs_layout` (K-major by default, as fp8 serving stores them), the lhs scales
  in `scale_layout` (`quantize_lhs_fp8`'s)."""
  lhs, rhs, sizes = _inputs(shape, seed, masked=masked)
  (lq, ls), (rq, rs) = (quantize_lhs_fp8(lhs, scale_layout=scale_layout),
                        quantize_rhs_fp8(rhs, rhs_layout=rhs_layout))
  return lq, rq, sizes, ls, rs


def _rates(rec, shape, rows, fp8=False, out_cols=None):
  """TFLOP/s of the valid rows and TB/s of the minimum bytes (out_cols: N, or N/2 for SwiGLU)."""
  if rec.get("us"):
    itemsize = 1 if fp8 else 2
    min_bytes = (rows * shape.k * itemsize + shape.num_groups * shape.k * shape.n * itemsize
                 + rows * (out_cols or shape.n) * 2)
    rec["tflops"] = 2.0 * rows * shape.k * shape.n / rec["us"] / 1e6
    rec["tbps"] = min_bytes / rec["us"] / 1e6
  return rec


def _time(rec, fn, iters, ref, args_fn, tol=TOL, checked=None):
  """Check fn against ref on the first input set, then time it over rotated sets."""
  sets = [args_fn(s) for s in range(_timing.rotations_for(args_fn(0)))]
  return _timing.checked_time(rec, fn, ref, sets, tol=tol, iters=iters, checked=checked)


def valid_rows(out, lhs, rhs, sizes, *scales):
  """`out` with the rows no group owns zero (masked [G, M_max, N]: rows past masked_m = sizes;
  contiguous [M, N]: rows past sum(group_sizes) = sizes): what a result under
  invalid_rows="unwritten", whose contract leaves those rows unspecified, is checked on."""
  del lhs, rhs, scales
  if out.ndim == 3:
    valid = jnp.arange(out.shape[1])[None, :, None] < sizes[:, None, None]
  else:
    valid = jnp.arange(out.shape[0])[:, None] < sizes.sum()
  return jnp.where(valid, out, jnp.zeros((), out.dtype))


def fastest(records: list[dict]) -> dict:
  """The record with the lowest time (one that failed only if all did)."""
  return min(records, key=lambda r: r["us"] if r.get("us") else float("inf"))


def mgpu_records(base, configs, iters, ref, args_fn, tol=TOL, **kw) -> list[dict]:
  """JAX's ragged_dot_mgpu in each of `configs` ((block_m, block_n, block_k, steps,
  grid_block_n)), with `kw` (e.g. transpose_rhs), each checked then timed."""
  from jax.experimental.pallas.ops.gpu import ragged_dot_mgpu
  records = []
  for bm, bn, bk, steps, gbn in configs:
    fn = functools.partial(lambda a, b, g, **k: ragged_dot_mgpu.ragged_dot(a, b, group_sizes=g, **k),
                           block_m=bm, block_n=bn, block_k=bk, max_concurrent_steps=steps,
                           grid_block_n=gbn, **kw)
    records.append(_time(dict(base, impl="ragged_dot_mgpu", config=f"bm{bm} bn{bn} bk{bk} s{steps}"),
                         fn, iters, ref, args_fn, tol))
  return records


def _candidates(problem, device):
  """The XLA variants worth measuring: the formula's three cheapest, plus ragged_dot unless the
  formula puts it beyond 20x the cheapest (a dense expansion over many groups)."""
  costs = rule._costs(problem, device)
  ranked = sorted(costs, key=costs.get)
  best = costs[ranked[0]]
  picks = [c for c in ranked if c.method == "tiled"][:3]
  ragged = GroupedGemmXlaConfig(method="ragged_dot")
  if costs[ragged] <= 20 * best:
    picks.append(ragged)
  return picks


def _auto_record(base: dict, fn, args, iters, ref, args_fn, impl="jaxkern:auto", checked=None):
  """The public op `fn` (as `impl`), checked (`checked`: see `_timing.checked_time`) and timed,
  with the rule's choice on `args` (chosen impl, config, where the config came from): (record,
  Choice)."""
  choice = jaxkern.explain(fn, *args)[0]
  rec = _time(dict(base, impl=impl, chosen=choice.impl, config=str(choice.config),
                   source=choice.source), fn, iters, ref, args_fn, checked=checked)
  return rec, choice


def bench_contiguous(shape, iters, device, tuning_rows):
  records = []
  sizes = shape.group_sizes()
  rows = int(sizes.sum())
  args_fn = functools.lru_cache(maxsize=None)(lambda s: _inputs(shape, s))
  lhs, rhs, gs = args_fn(0)
  ref = jax.jit(grouped_gemm_reference)(lhs, rhs, gs)
  base = dict(shape=shape.name, tp=1, layout="contiguous", dtype="bfloat16")
  rec, choice = _auto_record(base, jaxkern.grouped_gemm, (lhs, rhs, gs), iters, ref, args_fn)
  records.append(rec)
  variants = {}
  for cfg in _candidates(choice.problem, device) if _VARIANTS.value else ():
    label = cfg.method if cfg.method == "ragged_dot" else f"tiled/{cfg.block_m}"
    rec = _time(dict(base, impl=f"jaxkern:xla[{label}]", config=str(cfg)),
                functools.partial(jaxkern.grouped_gemm, config=cfg), iters, ref, args_fn)
    records.append(rec)
    if rec.get("us"):
      variants[cfg] = (label, rec["us"])
  if variants and tuning_rows is not None:
    best = min(variants, key=lambda c: variants[c][1])
    tuning_rows.append({
        "key": choice.problem.table_key(),
        "config": {"method": best.method, "block_m": best.block_m,
                   "items_per_step": best.items_per_step},
        "us": {label: round(us, 1) for label, us in variants.values()},
        "why": f"fastest of {len(variants)} XLA variants on {shape.name}",
        "shape": shape.name, "date": _report.environment()["date"], "jax": jax.__version__})
  if jax.default_backend() == "gpu":
    records.append(_time(dict(base, impl="xla_ragged_dot"),
                         lambda a, b, g: jax.lax.ragged_dot(a, b, g), iters, ref,
                         args_fn) if rule._costs(choice.problem, device)[
                             GroupedGemmXlaConfig(method="ragged_dot")] < 50_000 else
                   dict(base, impl="xla_ragged_dot", us=None,
                        note="not run: dense expansion over G groups modelled > 50 ms"))
    peers = peer_records(base, iters, ref, args_fn)
    records.append(fastest([r for r in peers if r["impl"] == "ragged_dot_mgpu"]))
    records += [r for r in peers if r["impl"] != "ragged_dot_mgpu"]
  return [_rates(r, shape, rows) for r in records]


def peer_records(base, iters, ref, args_fn) -> list[dict]:
  """Contiguous-layout peers, checked then timed: JAX's ragged_dot_mgpu in each of
  _MGPU_CONFIGS, and tokamax's Mosaic GPU ragged_dot where tokamax is installed."""
  records = mgpu_records(base, _MGPU_CONFIGS, iters, ref, args_fn)
  try:
    import tokamax
  except ImportError:
    return records
  records.append(_time(dict(base, impl="tokamax_mosaic"),
                       lambda a, b, g: tokamax.ragged_dot(a, b, g, implementation="mosaic"),
                       iters, ref, args_fn))
  return records


def bench_masked(shape, iters):
  args_fn = functools.lru_cache(maxsize=None)(lambda s: _inputs(shape, s, masked=True))
  lhs, rhs, mm = args_fn(0)
  ref = jax.jit(lambda a, b, m: grouped_gemm_reference(a, b, masked_m=m))(lhs, rhs, mm)
  fn = lambda a, b, m: jaxkern.grouped_gemm(a, b, masked_m=m)
  base = dict(shape=f"{shape.name}/masked", tp=1, layout="masked", dtype="bfloat16",
              m_max=shape.masked_m_max)
  records = [_auto_record(base, fn, (lhs, rhs, mm), iters, ref, args_fn)[0]]
  # The same op under DeepGEMM's masked contract: rows past masked_m unwritten (unspecified)
  unwritten = lambda a, b, m: jaxkern.grouped_gemm(a, b, masked_m=m, invalid_rows="unwritten")
  records.append(_auto_record(base, unwritten, (lhs, rhs, mm), iters, ref, args_fn,
                              impl="jaxkern:unwritten", checked=valid_rows)[0])
  if jax.default_backend() == "gpu":
    # PEERS.md §3's masked peer: one cuBLAS batched GEMM over every row of [G, M_max, K], rows
    # past masked_m computed from whatever they hold (not zeroed), so checked against the
    # reference of all M_max rows.
    full = jnp.full_like(mm, shape.masked_m_max)
    ref_all = jax.jit(lambda a, b: grouped_gemm_reference(a, b, masked_m=full))(lhs, rhs)
    records.append(_time(dict(base, impl="xla_batched_dot"),
                         lambda a, b, m: jnp.einsum("gmk,gkn->gmn", a, b), iters, ref_all,
                         args_fn))
  return [_rates(r, shape, int(np.asarray(mm).sum())) for r in records]


def bench_fp8(shape, iters):
  """The public op on fp8 weights stored K-major (rhs [G, N, K], as DeepGEMM and torch keep
  them: no per-call transpose), contiguous layout; on a GPU beside `fp8_peer_records`. The lhs
  scales come MN-major ("jaxkern:auto": lhs_scale_layout="km", [K/128, M], as DeepGEMM takes
  them and `quantize_lhs_fp8(scale_layout="km")` writes them) and per row ("jaxkern:auto[mk
  scales]": [M, K/128], which the call transposes)."""
  base = dict(shape=f"{shape.name}/fp8", tp=1, layout="contiguous", dtype="float8_e4m3fn",
              rhs_layout="nk")
  records, ref = [], None
  for scales, impl in (("km", "jaxkern:auto"), ("mk", "jaxkern:auto[mk scales]")):
    args_fn = functools.lru_cache(maxsize=None)(
        functools.partial(fp8_inputs, shape, scale_layout=scales))
    kw = dict(rhs_layout="nk", lhs_scale_layout=scales)
    if ref is None:    # (both layouts hold the same values)
      ref = jax.jit(lambda a, b, g, x, y: grouped_gemm_reference(
          a, b, g, lhs_scale=x, rhs_scale=y, **kw))(*args_fn(0))
    fn = lambda a, b, g, x, y, kw=kw: jaxkern.grouped_gemm(a, b, g, lhs_scale=x, rhs_scale=y,
                                                           **kw)
    records.append(_auto_record(dict(base, lhs_scale_layout=scales), fn, args_fn(0), iters, ref,
                                args_fn, impl=impl)[0])
  if jax.default_backend() == "gpu":
    records += fp8_peer_records(shape, base, iters)
  return [_rates(r, shape, int(shape.group_sizes().sum()), fp8=True) for r in records]


def fp8_peer_inputs(shape: GroupedGemmShape, seed: int):
  """`_inputs` cast to fp8 as they are (no scales: rows ~N(0, 1), weights ~N(0, 1/K), so each
  result is ~N(0, 1), well inside e4m3's range), weights K-major: (lhs, rhs [G, N, K], sizes)."""
  lhs, rhs, sizes = _inputs(shape, seed)
  f8 = jnp.float8_e4m3fn
  return lhs.astype(f8), jnp.swapaxes(rhs, 1, 2).astype(f8), sizes


def fp8_peer_records(shape, base, iters) -> list[dict]:
  """JAX's ragged_dot_mgpu on fp8 (PEERS.md §3's fp8 peer), the fastest of _MGPU_FP8_CONFIGS,
  each checked then timed. It takes no scales and writes its result in fp8, so it does less
  than the block-scaled public op (no scale loads or per-block rescaling, half the output
  bytes); it is checked against the float32 product of the same fp8 values, with the fp8
  result's tolerance FP8_OUT_TOL."""
  args_fn = functools.lru_cache(maxsize=None)(lambda seed: fp8_peer_inputs(shape, seed))
  lhs, rhs, sizes = args_fn(0)
  ref = jax.jit(lambda a, b, g: grouped_gemm_reference(
      a.astype(jnp.float32), jnp.swapaxes(b, 1, 2).astype(jnp.float32), g))(lhs, rhs, sizes)
  return [fastest(mgpu_records(dict(base, note="fp8 x fp8 -> fp8, no scales"),
                               _MGPU_FP8_CONFIGS, iters, ref, args_fn, FP8_OUT_TOL,
                               transpose_rhs=True))]


def main(argv):
  del argv
  device = DeviceSpec.current()
  shapes = GROUPED_GEMM_SHAPES if _SHAPES.value == "seed" else SMALL_SHAPES
  shapes = _report.only(shapes, _ONLY.value)
  small = _SHAPES.value == "small"
  tuning_rows = [] if _UPDATE.value else None
  records = []
  path = _report.write(_OUT.value, "grouped_gemm", records)
  for shape in shapes:
    if "contiguous" in _LAYOUTS.value:
      records += bench_contiguous(shape, _ITERS.value, device, tuning_rows)
    if "masked" in _LAYOUTS.value and (small or shape.name in MASKED_GROUPED_GEMM_SHAPES):
      records += bench_masked(shape, _ITERS.value)
    if "fp8" in _LAYOUTS.value and (small or shape.name in FP8_GROUPED_GEMM_SHAPES):
      records += bench_fp8(shape, _ITERS.value)
    print(f"done {shape.name}", flush=True)
    path = _report.write(_OUT.value, "grouped_gemm", records)   # each shape: a cut run keeps them
  _report.plot([r for r in records if "[" not in r["impl"]], path.with_suffix(".png"),
               title="grouped GEMM (bf16 unless marked)")
  main_impls = [i for i in dict.fromkeys(r["impl"] for r in records) if "[" not in i]
  print(_report.table(records, rate_key="tflops", baseline="jaxkern:auto", columns=main_impls))
  print("\nXLA variants (us): ")
  for r in records:
    if "[" in r["impl"]:
      print(f"  {r['shape']:28s} {r['impl']:26s} {r['us'] if r.get('us') else r.get('note')}")
  if tuning_rows:
    print(f"wrote {_report.update_tuning(_OUT.value, device.kind, 'grouped_gemm', tuning_rows)}")
  print(f"wrote {path}")


if __name__ == "__main__":
  app.run(main)
