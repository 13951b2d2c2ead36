"""jaxkern.grouped_gemm: validate -> choose -> call."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from jaxkern.device import DeviceSpec
from jaxkern.ops import _validate as V
from jaxkern.rules import decide
from jaxkern.rules import grouped_gemm as rule
from pallas_kernels.grouped_gemm import grouped_gemm_xla
from pallas_kernels.grouped_gemm.reference import (check_invalid_rows, check_lhs_scale_layout,
                                                   check_rhs_layout)
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas
from pallas_kernels.grouped_gemm.support import signal_target

_OP = "grouped_gemm"
_FP8 = jnp.float8_e4m3fn
_DTYPES = (jnp.bfloat16, jnp.float16, jnp.float32, _FP8)
_OUT_DTYPES = (jnp.bfloat16, jnp.float16, jnp.float32)
_ACTIVATIONS = (None, "swiglu")
_IMPLS = {"xla": grouped_gemm_xla, "pallas": grouped_gemm_pallas}


def _check_scales(lhs, num_groups, k, n, lhs_scale, rhs_scale, lead: str,
                  rhs_layout: str, lhs_scale_layout: str) -> None:
  fp8 = lhs.dtype == _FP8
  if not fp8:
    if lhs_scale is not None or rhs_scale is not None:
      raise ValueError(f"{_OP}: lhs_scale/rhs_scale are for float8_e4m3fn operands; lhs is "
                       f"{V.describe(lhs)}")
    return
  if k % 128:
    raise ValueError(f"{_OP}: fp8 with 1D2D scales needs K % 128 == 0; K={k} (lhs {V.describe(lhs)})")
  nk = rhs_layout == "nk"
  scale_dims = "[G, N/128, K/128]" if nk else "[G, K/128, N/128]"
  km = lhs_scale_layout == "km"
  lhs_dims = f"[K/128, {lead}]" if km else f"[{lead}, K/128]"
  if lhs_scale is None or rhs_scale is None:
    raise ValueError(f"{_OP}: float8_e4m3fn operands need lhs_scale {lhs_dims} and rhs_scale "
                     f"{scale_dims} (float32, lhs_scale_layout={lhs_scale_layout!r}, "
                     f"rhs_layout={rhs_layout!r})")
  want_lhs = (k // 128, *lhs.shape[:-1]) if km else (*lhs.shape[:-1], k // 128)
  if lhs_scale.shape != want_lhs or lhs_scale.dtype != jnp.float32:
    raise ValueError(f"{_OP}: lhs_scale must be float32{list(want_lhs)} (per token per 128 "
                     f"channels, {lhs_dims} for lhs_scale_layout={lhs_scale_layout!r}); got "
                     f"{V.describe(lhs_scale)}")
  want_rhs = (num_groups, k // 128, -(-n // 128))
  if nk:
    want_rhs = (num_groups, want_rhs[2], want_rhs[1])
  if rhs_scale.shape != want_rhs or rhs_scale.dtype != jnp.float32:
    raise ValueError(f"{_OP}: rhs_scale must be float32{list(want_rhs)} (per 128x128 block, "
                     f"{scale_dims} for rhs_layout={rhs_layout!r}); got {V.describe(rhs_scale)}")


def _problem(lhs, rhs, group_sizes, masked_m, lhs_scale, rhs_scale, out_dtype, activation,
             return_signals, rhs_layout, lhs_scale_layout) -> rule.GroupedGemmProblem:
  check_rhs_layout(_OP, rhs_layout)
  check_lhs_scale_layout(_OP, lhs_scale_layout)
  rhs_dims = "[G, N, K] (rhs_layout='nk')" if rhs_layout == "nk" else "[G, K, N]"
  V.rank(_OP, "rhs", rhs, 3, rhs_dims)
  num_groups, k, n = rhs.shape
  if rhs_layout == "nk":
    k, n = n, k
  V.dtype_in(_OP, "lhs", lhs, _DTYPES)
  V.same_dtype(_OP, "lhs, rhs", lhs, rhs)
  if (group_sizes is None) == (masked_m is None):
    raise ValueError(f"{_OP}: pass exactly one of group_sizes (contiguous layout, lhs [M, K]) or "
                     "masked_m (masked layout, lhs [G, M_max, K])")
  if masked_m is None:
    layout, lead = "contiguous", "M"
    V.rank(_OP, "lhs", lhs, 2, f"[M, K={k}] (contiguous layout)")
    V.rank(_OP, "group_sizes", group_sizes, 1, f"[G={num_groups}]")
    V.dim(_OP, "group_sizes", group_sizes, 0, num_groups, f"[G={num_groups}] (G = rhs.shape[0])")
    V.integer(_OP, "group_sizes", group_sizes)
    m = lhs.shape[0]
  else:
    layout, lead = "masked", "G, M_max"
    V.rank(_OP, "lhs", lhs, 3, f"[G={num_groups}, M_max, K={k}] (masked layout)")
    V.dim(_OP, "lhs", lhs, 0, num_groups, f"[G={num_groups}, M_max, K] (G = rhs.shape[0])")
    V.rank(_OP, "masked_m", masked_m, 1, f"[G={num_groups}]")
    V.dim(_OP, "masked_m", masked_m, 0, num_groups, f"[G={num_groups}]")
    V.integer(_OP, "masked_m", masked_m)
    m = lhs.shape[1]
  if lhs.shape[-1] != k:
    raise ValueError(f"{_OP}: lhs's last dim must be K={k} (rhs {rhs_dims} is "
                     f"{V.describe(rhs)}); got {V.describe(lhs)}")
  _check_scales(lhs, num_groups, k, n, lhs_scale, rhs_scale, lead, rhs_layout, lhs_scale_layout)
  if activation not in _ACTIVATIONS:
    raise ValueError(f"{_OP}: activation must be one of {_ACTIVATIONS}; got {activation!r}")
  if activation == "swiglu" and n % 2:
    raise ValueError(f"{_OP}: activation='swiglu' needs an even N (gate | up halves); N={n}")
  if out_dtype is not None and jnp.dtype(out_dtype) not in [jnp.dtype(d) for d in _OUT_DTYPES]:
    raise ValueError(f"{_OP}: out_dtype must be None or one of bfloat16, float16, float32; "
                     f"got {out_dtype!r}")
  if return_signals and layout != "masked":
    raise ValueError(f"{_OP}: return_signals=True is for the masked layout (masked_m=...)")
  default_out = jnp.bfloat16 if lhs.dtype == _FP8 else lhs.dtype
  return rule.GroupedGemmProblem(
      layout=layout, num_groups=num_groups, m=m, k=k, n=n, dtype=jnp.dtype(lhs.dtype).name,
      out_dtype=jnp.dtype(out_dtype or default_out).name, activation=activation,
      signals=bool(return_signals), rhs_layout=rhs_layout)


@functools.partial(jax.jit, static_argnames=("out_dtype", "activation", "rhs_layout",
                                             "lhs_scale_layout", "invalid_rows", "return_signals",
                                             "impl", "config"))
def grouped_gemm(lhs, rhs, group_sizes=None, *, masked_m=None, lhs_scale=None, rhs_scale=None,
                 out_dtype=None, activation=None, rhs_layout="kn", lhs_scale_layout="mk",
                 invalid_rows="zero", return_signals=False, impl=None, config=None):
  """Grouped GEMM for MoE experts.

  Contiguous: lhs [M, K] sorted by group, rhs [G, K, N], group_sizes [G] -> [M, N] (rows past
  sum(group_sizes) are 0). Masked: lhs [G, M_max, K], masked_m [G] -> [G, M_max, N] (rows >=
  masked_m[g] are 0). float8_e4m3fn operands take DeepGEMM 1D2D scales (lhs_scale [..., K/128],
  rhs_scale [G, K/128, N/128], float32). activation="swiglu": silu(x[:, :N/2]) * x[:, N/2:].
  out_dtype defaults to lhs.dtype (bfloat16 for fp8). Accumulation is float32.

  rhs_layout="nk": the weights come K-major, rhs [G, N, K] (fp8 rhs_scale [G, N/128, K/128]),
  as DeepGEMM and torch keep fp8 weights. fp8 wgmma reads only this layout, so an fp8 rhs in the
  default "kn" layout costs a transpose of all the weights on every call: quantize once with
  `jaxkern.quantize_rhs_fp8(w, rhs_layout="nk")`. bf16/fp16 kernels read K-major weights
  through a transposed view: 0-6% slower than [G, K, N] on three H200 shapes
  (benchmarks/results/logs/grouped_gemm_session12/bf16_layout/{kn,nk}.json).

  lhs_scale_layout="km": the fp8 lhs scales come K blocks first, [K/128, M] or [K/128, G, M_max]
  (DeepGEMM's MN-major scales). The Mosaic GPU kernel reads that layout; "mk" scales cost a
  transpose in XLA on every call (1.7 us on DS_G1_m1024_gu's). `jaxkern.quantize_lhs_fp8(x,
  scale_layout="km")` writes them so.

  invalid_rows="unwritten": the rows no group owns (masked: >= masked_m[g]; contiguous: past
  sum(group_sizes)) need not be written, and their contents are unspecified (DeepGEMM's masked
  contract: the combine reads only the valid rows). The Mosaic GPU kernel then stores each
  tile's rows only up to its last valid one (rounded up to a power-of-two number of 8-row
  tiles) and none of a tile with no valid rows: on masked decode shapes, where M_max is several
  times the expected rows, that drops most of the output's bytes. The XLA path then skips its
  pass that zeroes them on the masked layout and on one contiguous group (it writes zeros on
  several contiguous groups).

  return_signals=True (masked layout; the Mosaic GPU kernel) returns (out, signals): signals
  int32 [G, M_max / block_m], signals[g, i] counting the finished column tiles of rows
  [i * block_m, (i + 1) * block_m) of group g, each added only once that tile's output is in
  global memory (release ordering); the block is final at `grouped_gemm_signal_target(...)`
  (same arguments). M_max must be a multiple of the chosen block_m (64 always works).
  """
  problem = _problem(lhs, rhs, group_sizes, masked_m, lhs_scale, rhs_scale, out_dtype, activation,
                     return_signals, rhs_layout, lhs_scale_layout)
  check_invalid_rows(_OP, invalid_rows)
  choice = decide(rule, problem, DeviceSpec.current(), impl=impl, config=config)
  extra = {} if choice.impl == "xla" else dict(interpret=choice.interpret,
                                               return_signals=bool(return_signals))
  return _IMPLS[choice.impl](lhs, rhs, group_sizes, masked_m=masked_m, lhs_scale=lhs_scale,
                             rhs_scale=rhs_scale, out_dtype=problem.out_dtype,
                             activation=activation, rhs_layout=rhs_layout,
                             lhs_scale_layout=lhs_scale_layout, invalid_rows=invalid_rows,
                             config=choice.config, **extra)


def grouped_gemm_signal_target(lhs, rhs, masked_m, *, lhs_scale=None, rhs_scale=None,
                               out_dtype=None, activation=None, rhs_layout="kn",
                               lhs_scale_layout="mk", impl=None, config=None) -> int:
  """The count at which `grouped_gemm(..., return_signals=True)` with the same arguments (and
  under the same jaxkern.policy) marks a block final: its number of column tiles. Static: only
  shapes and dtypes are read (arrays or jax.ShapeDtypeStructs)."""
  problem = _problem(lhs, rhs, None, masked_m, lhs_scale, rhs_scale, out_dtype, activation, True,
                     rhs_layout, lhs_scale_layout)
  choice = decide(rule, problem, DeviceSpec.current(), impl=impl, config=config)
  return signal_target(choice.config, n=problem.n, activation=activation)
