"""Session 58: how the XLA grouped GEMM paths zero the rows no group owns, A/B in one process.

On one H100 (run397) the public op's XLA masked path lost to the plain batched dot (PEERS.md's
masked peer, which leaves those rows as computed): DS_G1_m1024_gu/masked 120.5 vs 115.2 us,
DS_G4_m256_gu/masked 129.7 vs 121.2; the difference is a select pass over the whole result
(`loop_select_fusion*`, 5-9 us). Variants, each checked against the float32 reference on the
valid rows (and on all rows where it writes zeros):
  select_result  dot, then where(valid, y, 0) over [G, M, N] (the code before this session
                 where K > N)
  select_lhs     where(valid, x, 0) over [G, M, K], then the dot (where K <= N)
  scatter        dot, then zeros scattered into only the rows past masked_m (in place)
  none           the dot alone (what invalid_rows="unwritten" needs)
and the public op (auto, unwritten) as it stands.

  python benchmarks/results/logs/grouped_gemm_session58/ab_zero_rows.py [NAMES]
"""
import functools
import json
import os
import sys

import jax
import jax.numpy as jnp

import jaxkern
from benchmarks import _report
from benchmarks.grouped_gemm import _inputs, _time, valid_rows
from jaxkern.shapes import GROUPED_GEMM_SHAPES
from pallas_kernels.grouped_gemm import grouped_gemm_reference

TOL = 2e-2


def _valid(x, mm):
  return (jnp.arange(x.shape[1])[None, :] < mm[:, None])[..., None]


def select_result(a, b, mm):
  y = jnp.einsum("gmk,gkn->gmn", a, b, preferred_element_type=a.dtype)
  return jnp.where(_valid(y, mm), y, jnp.zeros((), y.dtype))


def select_lhs(a, b, mm):
  a = jnp.where(_valid(a, mm), a, jnp.zeros((), a.dtype))
  return jnp.einsum("gmk,gkn->gmn", a, b, preferred_element_type=a.dtype)


def scatter(a, b, mm):
  y = jnp.einsum("gmk,gkn->gmn", a, b, preferred_element_type=a.dtype)
  g, m = y.shape[:2]
  rows = mm[:, None] + jnp.arange(m)[None, :]          # rows past masked_m; >= m are dropped
  return y.at[jnp.arange(g)[:, None], rows].set(0, mode="drop")


def none(a, b, mm):
  return jnp.einsum("gmk,gkn->gmn", a, b, preferred_element_type=a.dtype)


def main(names):
  out = os.environ.get("OUT", "/tmp")
  records = []
  for shape in GROUPED_GEMM_SHAPES:
    if shape.name not in names:
      continue
    args_fn = functools.lru_cache(maxsize=None)(lambda s, sh=shape: _inputs(sh, s, masked=True))
    lhs, rhs, mm = args_fn(0)
    ref = jax.jit(lambda a, b, m: grouped_gemm_reference(a, b, masked_m=m))(lhs, rhs, mm)
    fns = dict(select_result=(select_result, None), select_lhs=(select_lhs, None),
               scatter=(scatter, None), none=(none, valid_rows),
               auto=(lambda a, b, m: jaxkern.grouped_gemm(a, b, masked_m=m), None),
               unwritten=(lambda a, b, m: jaxkern.grouped_gemm(a, b, masked_m=m,
                                                               invalid_rows="unwritten"),
                          valid_rows))
    for rnd in range(2):
      for name, (fn, checked) in fns.items():
        rec = _time(dict(shape=f"{shape.name}/masked", variant=name, round=rnd), fn, 20, ref,
                    args_fn, tol=TOL, checked=checked)
        kern = {k: round(v, 1) for k, v in rec.get("kernels", {}).items()}
        print(f"{rec['shape']:24s} {name:14s} r{rnd} {rec.get('us') or 0:8.1f} us "
              f"err {rec.get('err', float('nan')):.2e} {kern} {rec.get('note', '')}", flush=True)
        records.append(rec)
    with open(os.path.join(out, "ab_zero_rows.json"), "w") as f:
      json.dump(dict(environment=_report.environment(),
                     records=records), f, indent=1, default=str)


if __name__ == "__main__":
  main(sys.argv[1].split(",") if len(sys.argv) > 1 else
       ["DS_G1_m1024_gu", "DS_G4_m256_gu", "DS_G1_m1024_dn", "DS_G4_m256_dn", "DS_G16_m64_gu",
        "DS_G16_m32_dn", "Gm_decode_gu", "Gm_decode_dn"])
