"""Grouped GEMM in plain JAX: the reference (float32 math) and the XLA paths.

Layouts (DESIGN.md §2): contiguous lhs [M, K] sorted by group with group_sizes [G] (rows past the
sum are zero), or masked lhs [G, M_max, K] with masked_m [G] (rows >= masked_m[g] are zero);
rhs [G, K, N], or with rhs_layout="nk" [G, N, K] (K-major: the layout fp8 wgmma reads, in which
DeepGEMM and torch keep fp8 weights). fp8 e4m3 operands carry DeepGEMM 1D2D scales: lhs_scale
[..., K/128] per token per 128 channels (or [K/128, ...] with lhs_scale_layout="km"), rhs_scale
per 128x128 block ([G, K/128, cdiv(N, 128)], or [G, cdiv(N, 128), K/128] with rhs_layout="nk");
they are applied in float32.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from pallas_kernels._index import prefix_sum, ragged_slots
from pallas_kernels.grouped_gemm.config import GroupedGemmXlaConfig

_F32 = jnp.float32
_SCALE_BLOCK = 128
_E4M3_MAX = 448.0
RHS_LAYOUTS = ("kn", "nk")
# fp8 lhs scales: "mk" [..., K/128] (rows first), or "km" [K/128, ...] (the K blocks first: each
# K block's scales of consecutive rows contiguous, DeepGEMM's MN-major scales, the layout the
# Mosaic GPU kernel reads; "mk" costs it a transpose of the scales on every call)
LHS_SCALE_LAYOUTS = ("mk", "km")
# "zero": rows no group owns are written as zeros; "unwritten": they need not be written (their
# contents are unspecified: the Mosaic GPU kernel skips them; the XLA path skips its zeroing pass
# on the masked layout and on one contiguous group, and writes zeros elsewhere)
INVALID_ROWS = ("zero", "unwritten")


def check_rhs_layout(op: str, rhs_layout) -> None:
  """ValueError naming `op` unless rhs_layout is "kn" or "nk"."""
  if rhs_layout not in RHS_LAYOUTS:
    raise ValueError(f"{op}: rhs_layout must be 'kn' (rhs [G, K, N]) or 'nk' (rhs [G, N, K], "
                     f"K-major); got {rhs_layout!r}")


def check_lhs_scale_layout(op: str, lhs_scale_layout) -> None:
  """ValueError naming `op` unless lhs_scale_layout is "mk" or "km"."""
  if lhs_scale_layout not in LHS_SCALE_LAYOUTS:
    raise ValueError(f"{op}: lhs_scale_layout must be 'mk' (lhs_scale [..., K/128]) or 'km' "
                     f"(lhs_scale [K/128, ...], MN-major); got {lhs_scale_layout!r}")


def lhs_scale_mk(op: str, lhs_scale, lhs_scale_layout: str):
  """fp8 lhs scales [..., K/128] from either layout (None stays None); a bad layout name is a
  ValueError naming `op`."""
  check_lhs_scale_layout(op, lhs_scale_layout)
  if lhs_scale is None or lhs_scale_layout == "mk":
    return lhs_scale
  return jnp.moveaxis(lhs_scale, 0, -1)


def check_invalid_rows(op: str, invalid_rows) -> None:
  """ValueError naming `op` unless invalid_rows is one of INVALID_ROWS."""
  if invalid_rows not in INVALID_ROWS:
    raise ValueError(f"{op}: invalid_rows must be 'zero' (rows no group owns written as zeros) "
                     f"or 'unwritten' (left unwritten, contents unspecified); got "
                     f"{invalid_rows!r}")


def swap_kn(rhs, rhs_scale):
  """The weights and their 1D2D scales in the other layout ([G, K, N] <-> [G, N, K])."""
  return (jnp.swapaxes(rhs, 1, 2),
          None if rhs_scale is None else jnp.swapaxes(rhs_scale, 1, 2))


def rhs_kn(rhs, rhs_scale, rhs_layout: str):
  """rhs [G, K, N] and its scales [G, K/128, cdiv(N, 128)] from either layout (the XLA paths
  compute in [G, K, N]; XLA's transpose folding can take the swap into the dot that reads it)."""
  check_rhs_layout("grouped_gemm", rhs_layout)
  return (rhs, rhs_scale) if rhs_layout == "kn" else swap_kn(rhs, rhs_scale)


def _dequant_lhs(x, scale, dtype):
  if scale is None:
    return x.astype(dtype)
  s = jnp.repeat(scale.astype(_F32), _SCALE_BLOCK, axis=-1)
  return (x.astype(_F32) * s).astype(dtype)


def _dequant_rhs(w, scale, dtype):
  """w [..., K, N] with scale [..., K/128, cdiv(N,128)]."""
  if scale is None:
    return w.astype(dtype)
  n = w.shape[-1]
  s = jnp.repeat(jnp.repeat(scale.astype(_F32), _SCALE_BLOCK, axis=-2), _SCALE_BLOCK, axis=-1)
  return (w.astype(_F32) * s[..., :n]).astype(dtype)


def _epilogue(acc, activation, out_dtype):
  if activation == "swiglu":
    half = acc.shape[-1] // 2
    acc = jax.nn.silu(acc[..., :half]) * acc[..., half:]
  return acc.astype(out_dtype)


def quantize_lhs_fp8(x, scale_layout: str = "mk"):
  """float8_e4m3fn values and float32 scales [..., K/128]: one absmax scale per token per 128
  channels (DeepGEMM's 1D scaling of activations). K must be a multiple of 128.
  scale_layout="km": the scales come K blocks first, [K/128, ...] (pass lhs_scale_layout="km"
  to grouped_gemm): the layout the Mosaic GPU kernel reads, written by this quantization's own
  pass instead of a transpose in every GEMM call."""
  check_lhs_scale_layout("quantize_lhs_fp8", scale_layout)
  x = jnp.asarray(x, _F32)
  blocks = x.reshape(*x.shape[:-1], x.shape[-1] // _SCALE_BLOCK, _SCALE_BLOCK)
  scale = jnp.maximum(jnp.abs(blocks).max(-1), 1e-12) / _E4M3_MAX
  q = (blocks / scale[..., None]).reshape(x.shape).astype(jnp.float8_e4m3fn)
  return q, scale if scale_layout == "mk" else jnp.moveaxis(scale, -1, 0)


def quantize_rhs_fp8(w, rhs_layout: str = "kn"):
  """float8_e4m3fn values and float32 scales [G, K/128, cdiv(N, 128)]: one absmax scale per
  128x128 block of w [G, K, N] (DeepGEMM's 2D scaling of weights; a partial last N block).
  rhs_layout="nk": returned K-major, values [G, N, K] and scales [G, cdiv(N, 128), K/128] (the
  layout the fp8 kernel reads without a transpose; quantize once when loading the weights)."""
  check_rhs_layout("quantize_rhs_fp8", rhs_layout)
  w = jnp.asarray(w, _F32)
  g, k, n = w.shape
  nb = -(-n // _SCALE_BLOCK)
  padded = jnp.pad(w, ((0, 0), (0, 0), (0, nb * _SCALE_BLOCK - n)))
  blocks = padded.reshape(g, k // _SCALE_BLOCK, _SCALE_BLOCK, nb, _SCALE_BLOCK)
  scale = jnp.maximum(jnp.abs(blocks).max((2, 4)), 1e-12) / _E4M3_MAX
  q = (blocks / scale[:, :, None, :, None]).reshape(g, k, nb * _SCALE_BLOCK)[..., :n]
  q = q.astype(jnp.float8_e4m3fn)
  return (q, scale) if rhs_layout == "kn" else swap_kn(q, scale)


def group_bounds(group_sizes, num_rows: int):
  """[start, end) rows of each group, clipped to the num_rows rows that exist."""
  ends = jnp.minimum(prefix_sum(jnp.maximum(group_sizes.astype(jnp.int32), 0)), num_rows)
  starts = jnp.concatenate([jnp.zeros((1,), jnp.int32), ends[:-1]])
  return starts, ends


def tile_work_items(group_sizes, num_rows: int, block_m: int):
  """(m-tile, group) work items of the contiguous layout, computed once per call.

  Returns (tile [W], group [W], valid [W], group_start [G], group_end [G]) with the static
  W = cdiv(num_rows, block_m) + G - 1, the most items any sizes can need (neighbouring groups share
  at most one tile). Items are ordered by group, then tile; empty groups get none.
  """
  num_groups = group_sizes.shape[0]
  num_tiles = -(-num_rows // block_m)
  num_items = num_tiles + num_groups - 1
  starts, ends = group_bounds(group_sizes, num_rows)
  first_tile = starts // block_m
  tiles_per_group = jnp.where(ends > starts, (ends - 1) // block_m - first_tile + 1, 0)
  group, j, total = ragged_slots(tiles_per_group, num_items)
  tile = jnp.minimum(first_tile[group] + j, num_tiles - 1)
  valid = jnp.arange(num_items, dtype=jnp.int32) < total
  return tile, group, valid, starts, ends


def _contiguous_tiled(lhs, rhs, group_sizes, lhs_scale, rhs_scale, *, block_m, items_per_step,
                      compute_dtype, precision):
  num_rows, k = lhs.shape
  n = rhs.shape[-1]
  num_tiles = -(-num_rows // block_m)
  pad = num_tiles * block_m - num_rows
  lhs_t = jnp.pad(lhs, ((0, pad), (0, 0))).reshape(num_tiles, block_m, k)
  scale_t = None if lhs_scale is None else jnp.pad(lhs_scale, ((0, pad), (0, 0))).reshape(
      num_tiles, block_m, -1)
  tile, group, valid, starts, ends = tile_work_items(group_sizes, num_rows, block_m)
  num_items = tile.shape[0]
  steps = -(-num_items // items_per_step)
  total = steps * items_per_step
  pad_items = lambda x: jnp.pad(x, (0, total - num_items))
  tile, group, valid = (pad_items(x).reshape(steps, items_per_step) for x in (tile, group, valid))
  row_in_tile = jnp.arange(block_m, dtype=jnp.int32)

  def body(acc, item):
    t, g, ok = item
    x = _dequant_lhs(lhs_t[t], None if scale_t is None else scale_t[t], compute_dtype)
    w = _dequant_rhs(rhs[g], None if rhs_scale is None else rhs_scale[g], compute_dtype)
    y = jnp.einsum("imk,ikn->imn", x, w, precision=precision, preferred_element_type=_F32)
    rows = t[:, None] * block_m + row_in_tile[None, :]
    mine = ok[:, None] & (rows >= starts[g][:, None]) & (rows < ends[g][:, None])
    y = jnp.where(mine[..., None], y, 0.0)  # rows of other groups, or padding (may be NaN)
    return acc.at[t].add(y), None

  acc = jnp.zeros((num_tiles, block_m, n), _F32)
  acc, _ = lax.scan(body, acc, (tile, group, valid))
  return acc.reshape(num_tiles * block_m, n)[:num_rows]


def _batched_valid_rows(x, w, valid, *, precision, acc_dtype, zero: str | None):
  """x [G, M, K] @ w [G, K, N] per g, with the rows where valid [G, M] is False zero. Those lhs
  rows may hold anything (NaN), and each result row reads only its own lhs row, so they are
  zeroed on one side: in the lhs (zero="lhs": a pass over [G, M, K] before the product) or in the
  result ("result": a pass over [G, M, N], which an epilogue's own pass absorbs); None leaves
  them as computed (invalid_rows="unwritten"; the valid rows are the same). `_zero_side` picks."""
  rows = valid[..., None]
  if zero == "lhs":
    x = jnp.where(rows, x, jnp.zeros((), x.dtype))
  y = jnp.einsum("gmk,gkn->gmn", x, w, precision=precision, preferred_element_type=acc_dtype)
  return jnp.where(rows, y, jnp.zeros((), acc_dtype)) if zero == "result" else y


def _zero_side(k: int, n: int, activation, invalid_rows: str = "zero") -> str | None:
  """Where `_batched_valid_rows` zeroes the invalid rows: nowhere under invalid_rows="unwritten"
  (session 58, one H100, `benchmarks/results/logs/grouped_gemm_session58/run398`, two rounds:
  the masked DS_G1_m1024_gu 119.3-119.4 -> 112.4-112.6 us, DS_G4_m256_gu 129.5-129.6 ->
  120.9-121.1; scattering zeros into only the invalid rows was slower than either select,
  124.1-124.2 and 144.5-145.1); else in the lhs when its rows
  (K) are no wider than the result's (N) and no epilogue takes the select into its pass. Session
  29 (one group, benchmarks/results/logs/grouped_gemm_session29/ab_one_group_run188, _run189,
  ab_one_group_swiglu_run193, ab_select_side_run194): DS_G1_m1024_gu (K > N) 88.1-88.3 us with
  the result select vs 92.5-93.0 with the lhs one (and lax.ragged_dot, which makes it), 86.7-86.9
  vs 97.6-97.9 with SwiGLU; DS_G1_m1024_dn (K < N) 52.6-52.7 with the result select vs
  45.6-46.2. Masked down rows (K < N), lhs vs result select: DS_G1_m1024_dn 56.0 vs 66.6,
  DS_G4_m256_dn 67.2-67.3 vs 79.2-79.5, DS_G16_m32_dn 128.6-128.9 vs 145.0-145.9, Gm_decode_dn
  160.8-161.1 vs 206.2-206.4; the masked gate/up row (K > N) unchanged."""
  if invalid_rows == "unwritten":
    return None
  return "lhs" if activation is None and k <= n else "result"


def _contiguous_ragged_dot(lhs, rhs, group_sizes, lhs_scale, rhs_scale, *, compute_dtype, precision,
                           acc_dtype=_F32, zero: str | None):
  num_rows = lhs.shape[0]
  x = _dequant_lhs(lhs, lhs_scale, compute_dtype)
  w = _dequant_rhs(rhs, rhs_scale, compute_dtype)
  starts, ends = group_bounds(group_sizes, num_rows)
  valid = jnp.arange(num_rows) < ends[-1]
  if w.shape[0] == 1:   # one group: a dot, the rows past it zeroed on the cheaper side
    return _batched_valid_rows(x[None], w, valid[None], precision=precision,
                               acc_dtype=acc_dtype, zero=zero)[0]
  # Padding rows may hold NaN; zeroed whatever invalid_rows says (lax.ragged_dot's lowering is
  # not known to keep a row's NaN in its own row).
  x = jnp.where(valid[:, None], x, 0)
  return lax.ragged_dot(x, w, ends - starts, precision=precision,
                        preferred_element_type=acc_dtype, out_sharding=_ragged_out_sharding(x, w))


def _ragged_out_sharding(x, w):
  """lax.ragged_dot's result sharding under a mesh of Explicit axes (jax.make_mesh's default in
  the H200's jax 0.11), where it cannot infer one and raises NotImplementedError ("Explicit
  sharding inference for ragged_dot_general is not currently implemented"): the rows as x's,
  the columns as w's [G, K, N]. None (inferred) otherwise."""
  xs, ws = jax.typeof(x).sharding, jax.typeof(w).sharding
  mesh = xs.mesh
  if mesh.empty or jax.sharding.AxisType.Explicit not in mesh.axis_types:
    return None
  spec = lambda s, n: tuple(s.spec) + (None,) * (n - len(s.spec))
  return jax.sharding.PartitionSpec(spec(xs, 2)[0], spec(ws, 3)[2])


def _masked_batched(lhs, rhs, masked_m, lhs_scale, rhs_scale, *, compute_dtype, precision,
                    acc_dtype=_F32, zero: str | None):
  valid = jnp.arange(lhs.shape[1])[None, :] < masked_m.astype(jnp.int32)[:, None]
  return _batched_valid_rows(_dequant_lhs(lhs, lhs_scale, compute_dtype),
                             _dequant_rhs(rhs, rhs_scale, compute_dtype), valid,
                             precision=precision, acc_dtype=acc_dtype, zero=zero)


def _grouped_gemm(lhs, rhs, group_sizes, masked_m, lhs_scale, rhs_scale, *, out_dtype, activation,
                  config, compute_dtype, precision, invalid_rows="zero"):
  if out_dtype is None:
    out_dtype = jnp.bfloat16 if lhs.dtype == jnp.float8_e4m3fn else lhs.dtype
  # One product per row straight into a 16-bit result: the GEMM library accumulates in float32
  # and rounds once, so no float32 copy of the result is written and converted (a separate
  # ~6.5 us pass on DS_G1_m1024_gu). With an epilogue the float32 product is kept for it.
  direct = (activation is None and jnp.dtype(out_dtype) == jnp.dtype(compute_dtype)
            and jnp.dtype(out_dtype).itemsize == 2)
  acc_dtype = jnp.dtype(out_dtype) if direct else _F32
  zero = _zero_side(lhs.shape[-1], rhs.shape[-1], activation, invalid_rows)
  if masked_m is not None:
    acc = _masked_batched(lhs, rhs, masked_m, lhs_scale, rhs_scale, compute_dtype=compute_dtype,
                          precision=precision, acc_dtype=acc_dtype, zero=zero)
  elif config.method == "ragged_dot":
    acc = _contiguous_ragged_dot(lhs, rhs, group_sizes, lhs_scale, rhs_scale,
                                 compute_dtype=compute_dtype, precision=precision,
                                 acc_dtype=acc_dtype, zero=zero)
  else:
    acc = _contiguous_tiled(lhs, rhs, group_sizes, lhs_scale, rhs_scale, block_m=config.block_m,
                            items_per_step=config.items_per_step, compute_dtype=compute_dtype,
                            precision=precision)
  return _epilogue(acc, activation, out_dtype)


def _compute_dtype(lhs):
  # fp8 is dequantized with its scales in float32; the product is then taken in bf16 on the
  # serving path (scales folded in first, as DeepGEMM applies them per 128-block in fp32).
  return jnp.bfloat16 if lhs.dtype == jnp.float8_e4m3fn else lhs.dtype


def grouped_gemm_reference(lhs, rhs, group_sizes=None, *, masked_m=None, lhs_scale=None,
                           rhs_scale=None, out_dtype=None, activation=None, rhs_layout="kn",
                           invalid_rows="zero", lhs_scale_layout="mk"):
  """Float32 math throughout (HIGHEST precision), tiled contiguous / batched masked; rows no
  group owns are zeros whatever `invalid_rows` says (zeros are one answer "unwritten" allows)."""
  check_invalid_rows("grouped_gemm_reference", invalid_rows)
  rhs, rhs_scale = rhs_kn(rhs, rhs_scale, rhs_layout)
  lhs_scale = lhs_scale_mk("grouped_gemm_reference", lhs_scale, lhs_scale_layout)
  return _grouped_gemm(lhs, rhs, group_sizes, masked_m, lhs_scale, rhs_scale, out_dtype=out_dtype,
                       activation=activation, config=GroupedGemmXlaConfig(method="tiled"),
                       compute_dtype=_F32, precision=lax.Precision.HIGHEST)


def grouped_gemm_xla(lhs, rhs, group_sizes=None, *, masked_m=None, lhs_scale=None, rhs_scale=None,
                     out_dtype=None, activation=None, rhs_layout="kn", invalid_rows="zero",
                     lhs_scale_layout="mk", config: GroupedGemmXlaConfig = GroupedGemmXlaConfig()):
  """Serving XLA path: operands in the input dtype (bf16 for fp8), float32 accumulation; rows no
  group owns are zeros, except under invalid_rows="unwritten" where the masked layout and one
  contiguous group leave them as the product computes them (no zeroing pass: `_zero_side`)."""
  check_invalid_rows("grouped_gemm_xla", invalid_rows)
  rhs, rhs_scale = rhs_kn(rhs, rhs_scale, rhs_layout)
  lhs_scale = lhs_scale_mk("grouped_gemm_xla", lhs_scale, lhs_scale_layout)
  compute = _compute_dtype(lhs)
  precision = lax.Precision.HIGHEST if compute == jnp.float32 else lax.Precision.DEFAULT
  return _grouped_gemm(lhs, rhs, group_sizes, masked_m, lhs_scale, rhs_scale, out_dtype=out_dtype,
                       activation=activation, config=config, compute_dtype=compute,
                       precision=precision, invalid_rows=invalid_rows)
