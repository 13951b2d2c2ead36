"""GEMM + reduce-scatter inside shard_map.

On rank r of the `axis_name` axis (size tp): a [M, K/tp], b [K/tp, N] -> [M/tp, N], the rows
[r*M/tp, (r+1)*M/tp) of sum over ranks of a_r @ b_r.
"""

from __future__ import annotations

import jax.numpy as jnp

from sharding.reduce_scatter import axis_size, reduce_scatter


def check_local_shapes(a, b, tp: int) -> None:
  if a.ndim != 2 or b.ndim != 2:
    raise ValueError(f"gemm_reduce_scatter: a and b must be 2-D (a [M, K/tp], b [K/tp, N]); "
                     f"got a{tuple(a.shape)}, b{tuple(b.shape)}")
  if a.shape[1] != b.shape[0]:
    raise ValueError(f"gemm_reduce_scatter: K shards differ: a is [M, {a.shape[1]}] but b is "
                     f"[{b.shape[0]}, N]; both must hold the same K/tp slice")
  if a.shape[0] % tp:
    raise ValueError(f"gemm_reduce_scatter: M={a.shape[0]} (a.shape[0]) is not divisible by the "
                     f"axis size tp={tp}")
  if a.dtype != b.dtype:
    raise ValueError(f"gemm_reduce_scatter: a.dtype={a.dtype} and b.dtype={b.dtype} must match")


def gemm_reduce_scatter_unfused(a, b, *, axis_name: str, tp: int | None = None, config=None):
  """Local dot with float32 accumulation, then `lax.psum_scatter` of the partial product in the
  input dtype (the bytes NCCL's reduce-scatter moves in the torch peer). No config.

  The dot asks for the input dtype: XLA's 16-bit GEMMs on GPU (cuBLAS, its Triton fusions)
  accumulate in float32 and round once, as torch's matmul does. Asking for a float32 result and
  casting it gave the same values but, at K = 29568, a float32 product written to HBM and a
  separate 128 us convert kernel (4 H100s, session 49's run347: 1909-1959 -> 1779 us a call at
  M = N = 8192, tp = 4; 3306 -> 3156-3165 at tp = 2; 878-888 -> 869 at K = 8192, tp = 4)."""
  del tp, config
  return reduce_scatter(jnp.dot(a, b, preferred_element_type=a.dtype), axis_name)


def gemm_reduce_scatter_fused(a, b, *, axis_name: str, tp: int | None = None, config=None):
  """The fused Mosaic GPU kernel (pallas_kernels/gemm_rs/mosaic.py): every finished output tile
  is added into its owner's float32 accumulator over NVLink while the GEMM goes on; the result is
  cast back to a.dtype. Single mesh axis only; CTAs = the current DeviceSpec's SM count."""
  from jaxkern.device import DeviceSpec   # sharding imports no jaxkern at module level
  from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig, gemm_reduce_scatter_fused as fused
  if not isinstance(axis_name, str):
    raise NotImplementedError(f"gemm_reduce_scatter(impl='fused'): one mesh axis name, got "
                              f"{axis_name!r}")
  tp = tp or axis_size(axis_name, "gemm_reduce_scatter")
  out = fused(a, b, axis_name=axis_name, tp=tp, config=config or GemmRsFusedConfig(),
              num_sms=DeviceSpec.current().num_sms)
  return out.astype(a.dtype)


_IMPLS = {"unfused": gemm_reduce_scatter_unfused, "fused": gemm_reduce_scatter_fused}


def gemm_reduce_scatter(a, b, axis_name: str = "tp", impl: str | None = None):
  """For use inside shard_map; validates, asks the cost model (jaxkern's rule, when jaxkern is
  imported) for the impl, and runs it."""
  tp = axis_size(axis_name, "gemm_reduce_scatter")
  check_local_shapes(a, b, tp)
  if impl is not None and impl not in _IMPLS:
    raise ValueError(f"gemm_reduce_scatter: impl={impl!r} is not one of {sorted(_IMPLS)}")
  chosen, config = _choose(a, b, tp, impl)
  return _IMPLS[chosen](a, b, axis_name=axis_name, tp=tp, config=config)


def _choose(a, b, tp, impl):
  # The rule lives in jaxkern (sharding never imports it); jaxkern installs its chooser here.
  if _chooser is None:
    return impl or "unfused", None
  return _chooser(a, b, tp, impl)


_chooser = None


def set_chooser(fn) -> None:
  """jaxkern.rules.gemm_reduce_scatter registers its decision function here at import."""
  global _chooser
  _chooser = fn
