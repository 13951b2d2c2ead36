"""Grouped GEMM as a Mosaic GPU kernel for Hopper (wgmma + TMA, warp-specialized, persistent).

Both layouts become one problem: rows of a flat lhs [R, K] (the contiguous lhs, or the masked
lhs [G, M_max, K] with its groups laid end to end), where group g owns rows [start_g, end_g)
(contiguous: the running sums of group_sizes, clipped to M; masked: g * M_max + [0, masked_m[g])).
Rows owned by no group (past sum(group_sizes), or past masked_m[g]) are written as zeros.

The output is cut into CTA tiles of block_m rows x block_n columns at fixed row offsets
(t * block_m). XLA computes once per call which groups each row tile touches (`tile_groups`:
two compare-all searches over the group bounds), so a kernel never scans the groups. A tile runs one
K loop per group it touches (usually one; a tile across a group boundary runs both groups' loops
and keeps each group's rows in registers), then writes the whole tile in 64-column TMA stores
through two alternating buffers per consumer: rows of no group are zero, so a store is never
ragged, and the small buffers leave shared memory for a 4-deep ring at 128 x 256.
With config.tiles="groups" every tile lies inside one group instead (`group_tiles`: a group's
tiles start at its first row rounded down to 8, as TMA row offsets must be) and writes rows of a
padded output that XLA gathers back (`ungroup_rows`): small groups then read each weight tile
once per tile of their own instead of once per group of every tile they straddle.

Persistent: one CTA per SM walks the units (row tile, column tile) cta, cta + C, ... in a banded
order (`band` row tiles next to each other per column tile: the tiles of one group read its
weight tiles together, mostly from L2). One producer warpgroup streams (lhs, rhs) K blocks into a
`num_stages` ring across units and groups, so the next tile's loads run under this tile's
epilogue; two consumer warpgroups share each tile by rows or columns (config.split) and issue
wgmma with one group in flight, releasing a ring slot when the wgmma that read it completes.
"""

from __future__ import annotations

import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

from pallas_kernels import _mgpu
from pallas_kernels._index import searchsorted_right
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig
from pallas_kernels.grouped_gemm.reference import group_bounds

__all__ = ["GroupedGemmPallasConfig", "group_tiles", "grouped_gemm_pallas", "smem_bytes",
           "tile_groups", "ungroup_rows", "unsupported_reason"]

_F32 = jnp.float32
SUPPORTED_DTYPES = ("bfloat16", "float16")


def smem_bytes(config: GroupedGemmPallasConfig, itemsize: int = 2) -> int:
  """The operand ring plus two 64-column output buffers per consumer (whatever the epilogue:
  SwiGLU's gate and up parts share each ring slot's rhs columns)."""
  return _mgpu.gemm_smem_bytes(block_m=config.block_m, block_n=config.block_n,
                               block_k=config.block_k, num_stages=config.num_stages,
                               itemsize=itemsize, epi_rows=config.wg_tile[0],
                               epi_itemsize=itemsize)


def _parts(activation: str | None) -> int:
  """Column parts of a tile's rhs: 2 (gate, up) for SwiGLU, else 1."""
  return 2 if activation == "swiglu" else 1


def unsupported_reason(config: GroupedGemmPallasConfig, *, k: int, n: int, dtype: str,
                       out_dtype: str, activation: str | None) -> str | None:
  """Why the kernel cannot run this problem with this config (None when it can)."""
  if dtype not in SUPPORTED_DTYPES:
    return f"dtype {dtype} (the kernel takes {'/'.join(SUPPORTED_DTYPES)} so far)"
  if out_dtype != dtype:
    return f"out_dtype {out_dtype} (the kernel writes the operand dtype {dtype})"
  if activation not in (None, "swiglu"):
    return f"activation={activation!r} (the kernel fuses None or 'swiglu')"
  parts = _parts(activation)
  if k % 8 or n % (8 * parts):
    return (f"K={k}, N={n}: TMA needs rows of whole 16-byte units (K and "
            f"{'N/2' if parts == 2 else 'N'} multiples of 8)")
  part_cols = config.wg_tile[1] // parts
  if part_cols % 64:
    return (f"activation='swiglu' with {config.wg_tile[1]} columns per consumer: its gate and up "
            f"shares ({part_cols} columns) must be multiples of 64")
  return _mgpu.smem_reason(smem_bytes(config))


def tile_groups(starts, ends, *, num_tiles: int, block_m: int):
  """[3 * num_tiles] int32, tiles="rows": row tile t reads and writes rows [t * block_m, +block_m);
  per tile the first and last group whose rows [start, end) may meet them (last < first: none)
  and the first row / 8. Groups must be laid out in order (starts and ends non-decreasing);
  empty groups inside the range are skipped by the kernel. Two compare-all searches
  (pallas_kernels._index), no loop over the groups."""
  t0 = jnp.arange(num_tiles, dtype=jnp.int32) * block_m
  first = searchsorted_right(ends, t0)                     # groups ending at or before the tile
  last = searchsorted_right(starts, t0 + block_m - 1) - 1  # groups starting inside or before it
  return jnp.stack([first, last, t0 // 8], axis=1).reshape(-1)


def group_tiles_bound(rows: int, num_groups: int, block_m: int) -> int:
  """The most tiles tiles="groups" can need: each group's tiles start at its first row rounded
  down to 8, so a group of s rows needs at most cdiv(s + 7, block_m) <= (s + 7) / block_m + 1."""
  return -(-(rows + 7 * num_groups) // block_m) + num_groups


def group_tiles(starts, ends, *, num_tiles: int, block_m: int):
  """tiles="groups": every tile inside one group. Group g's tiles read lhs rows
  a_g + j * block_m + [0, block_m) (a_g: start_g rounded down to 8, as TMA row offsets must be)
  and keep rows [start_g, end_g); tile t writes rows [t * block_m, +block_m) of a padded output
  that `ungroup_rows` maps back. Returns (plan [3 * num_tiles]: group, group, lhs row / 8 per
  tile, tiles past the last one empty; first tile of each group [G]; a_g [G])."""
  a = starts // 8 * 8
  count = jnp.where(ends > starts, -(-(ends - a) // block_m), 0)
  last_tile = jnp.cumsum(count)                        # one past each group's last tile
  first_tile = last_tile - count
  t = jnp.arange(num_tiles, dtype=jnp.int32)
  g = jnp.minimum(searchsorted_right(last_tile, t), starts.shape[0] - 1)
  used = t < last_tile[-1]
  row = a[g] + (t - first_tile[g]) * block_m
  plan = jnp.stack([jnp.where(used, g, 1), jnp.where(used, g, 0), jnp.where(used, row // 8, 0)],
                   axis=1).reshape(-1)
  return plan, first_tile, a


def ungroup_rows(padded, starts, ends, first_tile, a, *, rows: int, block_m: int):
  """The [rows, N] result from group_tiles' padded output (rows of no group: zeros)."""
  r = jnp.arange(rows, dtype=jnp.int32)
  g = jnp.minimum(searchsorted_right(ends, r), starts.shape[0] - 1)   # first group ending past r
  inside = (r >= starts[g]) & (r < ends[g])
  offset = r - a[g]
  src = (first_tile[g] + offset // block_m) * block_m + offset % block_m
  return jnp.where(inside[:, None], padded[jnp.where(inside, src, 0)], 0).astype(padded.dtype)


@dataclasses.dataclass(frozen=True)
class _Static:
  num_groups: int
  m_tiles: int
  n_tiles: int
  k_steps: int
  num_ctas: int
  block_m: int
  block_n: int
  block_k: int
  wg_rows: int
  wg_cols: int
  parts: int       # rhs column parts per tile: 1, or 2 for SwiGLU (gate, up)
  up_col: int      # SwiGLU: the rhs column where the up half starts
  split: str
  num_stages: int
  band: int
  skip_empty: bool   # tiles="groups": tiles of no group write nothing (their rows are unused)
  dtype: jnp.dtype


def _unit(u, st: _Static):
  """Unit u -> (row tile, column tile): bands of `band` row tiles, row tile fastest in a band."""
  per_band = st.band * st.n_tiles
  band = lax.div(u, per_band)
  width = jnp.minimum(st.band, st.m_tiles - band * st.band)   # the last band may be narrower
  r = lax.rem(u, per_band)
  return band * st.band + lax.rem(r, width), lax.div(r, width)


def _kernel(groups_ref, bounds_ref, lhs_ref, rhs_ref, out_ref, scratch, *, st: _Static):
  a_smem, b_smem, o_smem, full, free = scratch
  stages, bk = st.num_stages, st.block_k
  part_n = st.block_n // st.parts         # rhs columns of one part (= output columns) per tile
  cta, wg = lax.axis_index("cta"), lax.axis_index("wg")
  units = st.m_tiles * st.n_tiles
  my_units = lax.div(units - 1 - cta, st.num_ctas) + 1        # cta, cta + C, ... below units

  def for_each_group(g_lo, g_hi, body, carry):
    """body(g, start, end, k_steps, carry) over groups g_lo..g_hi of a row tile (an empty
    group runs no K steps)."""
    def group(g, carry):
      start, end = bounds_ref[2 * g], bounds_ref[2 * g + 1]
      return body(g, start, end, jnp.where(end > start, st.k_steps, 0), carry)
    return lax.fori_loop(g_lo, g_hi + 1, group, carry)

  @pl.when(wg == 2)
  def _producer():
    plgpu.set_max_registers(40, action="decrease")

    def issue_unit(i, count):
      m, n = _unit(cta + i * st.num_ctas, st)
      return for_each_group(groups_ref[3 * m], groups_ref[3 * m + 1],
                            functools.partial(issue, groups_ref[3 * m + 2] * 8, n), count)

    def issue(row0, n, g, start, end, k_steps, count):
      del start, end

      def step(kk, count):
        slot = _mgpu.producer_slot(count, free, stages)
        plgpu.copy_gmem_to_smem(lhs_ref.at[pl.ds(row0, st.block_m), pl.ds(kk * bk, bk)],
                                a_smem.at[slot], full.at[slot])
        for p in range(st.parts):          # SwiGLU: the gate columns, then the up columns
          plgpu.copy_gmem_to_smem(
              rhs_ref.at[g, pl.ds(kk * bk, bk), pl.ds(p * st.up_col + n * part_n, part_n)],
              b_smem.at[slot, p], full.at[slot])
        return count + 1
      return lax.fori_loop(0, k_steps, step, count)

    _mgpu.producer_drain(lax.fori_loop(0, my_units, issue_unit, jnp.int32(0)), free, stages)

  @pl.when(wg < 2)
  def _consumer():
    plgpu.set_max_registers(232, action="increase")
    rows, cols = st.wg_rows, st.wg_cols // st.parts    # cols: of each part, = output columns

    def operands(slot, p):
      a, b = a_smem.at[slot], b_smem.at[slot, p]
      if st.split == "m":
        return a.at[pl.ds(wg * rows, rows)], b
      return a, b.at[:, pl.ds(wg * cols, cols)]
    row_iota = plgpu.broadcasted_iota(jnp.int32, (rows, cols), 0, layout=plgpu.Layout.WGMMA)

    def unit(i, carry):
      count, stores = carry
      m, n = _unit(cta + i * st.num_ctas, st)
      my_rows = wg * rows if st.split == "m" else 0
      row0 = groups_ref[3 * m + 2] * 8 + my_rows          # lhs rows (groups' bounds are in these)
      out_row0 = m * st.block_m + my_rows
      col0 = n * part_n + (wg * cols if st.split == "n" else 0)
      g_lo, g_hi = groups_ref[3 * m], groups_ref[3 * m + 1]

      def group(g, start, end, k_steps, carry):
        del g
        count, out = carry

        def acc_scope(*acc_refs):
          def mma(slot):
            for p, acc_ref in enumerate(acc_refs):
              plgpu.wgmma(acc_ref, *operands(slot, p))
          end = _mgpu.consume(k_steps, count, full, free, stages, mma)
          return end, tuple(r[...] for r in acc_refs)
        count, accs = pl.run_scoped(acc_scope, *[plgpu.ACC((rows, cols), _F32)] * st.parts)
        row = row0 + row_iota                       # keep this group's rows of the tile
        return count, jnp.where((row >= start) & (row < end), _epilogue(accs).astype(st.dtype),
                                out)

      zeros = plgpu.layout_cast(jnp.zeros((rows, cols), st.dtype), plgpu.Layout.WGMMA)
      count, out = for_each_group(g_lo, g_hi, group, (count, zeros))  # rows of no group: zero
      chunks = cols // _mgpu.EPI_COLS

      def store():
        _mgpu.store_chunks(out, o_smem.at[wg], stores, lambda buf, c: plgpu.copy_smem_to_gmem(
            buf, out_ref.at[pl.ds(out_row0, rows),
                            pl.ds(col0 + c * _mgpu.EPI_COLS, _mgpu.EPI_COLS)]))
      if not st.skip_empty:
        store()
        return count, stores + chunks
      pl.when(g_lo <= g_hi)(store)
      return count, stores + jnp.where(g_lo <= g_hi, chunks, 0)

    lax.fori_loop(0, my_units, unit, (jnp.int32(0), jnp.int32(0)))
    plgpu.wait_smem_to_gmem(0, wait_read_only=True)


def _epilogue(accs):
  """The float32 tile from the accumulators: as is, or SwiGLU's silu(gate) * up."""
  if len(accs) == 1:
    return accs[0]
  gate, up = accs
  return gate / (1.0 + jnp.exp(-gate)) * up


def _call(groups, bounds, lhs, rhs, *, st: _Static, out_rows: int, n: int, interpret: bool):
  transforms = _mgpu.swizzled(st.dtype)

  def entry(groups_ref, bounds_ref, lhs_ref, rhs_ref, out_ref):
    smem = (plgpu.SMEM((st.num_stages, st.block_m, st.block_k), st.dtype, transforms=transforms),
            plgpu.SMEM((st.num_stages, st.parts, st.block_k, st.block_n // st.parts), st.dtype,
                       transforms=transforms),
            plgpu.SMEM((2, 2, st.wg_rows, _mgpu.EPI_COLS), st.dtype, transforms=transforms))
    barriers = (plgpu.Barrier(num_arrivals=1 + st.parts, num_barriers=st.num_stages),
                plgpu.Barrier(num_arrivals=2, num_barriers=st.num_stages))
    pl.run_scoped(lambda *s: _kernel(groups_ref, bounds_ref, lhs_ref, rhs_ref, out_ref,
                                     (*s[0], *s[1]), st=st),
                  smem, barriers, collective_axes="wg")

  kwargs = {}
  if interpret:
    from jaxkern import _compat
    _compat.patch_mosaic_gpu_interpreter()
    kwargs["interpret"] = _compat.interpret_gpu_params(detect_races=True)
  return plgpu.kernel(
      entry, out_type=jax.ShapeDtypeStruct((out_rows, n), st.dtype), grid=(st.num_ctas,),
      grid_names=("cta",), num_threads=3, thread_name="wg", **kwargs,
  )(groups, bounds, lhs, rhs)


def grouped_gemm_pallas(lhs, rhs, group_sizes=None, *, masked_m=None, lhs_scale=None,
                        rhs_scale=None, out_dtype=None, activation=None,
                        config: GroupedGemmPallasConfig = GroupedGemmPallasConfig(),
                        num_sms: int | None = None, interpret: bool = False):
  """The Mosaic GPU kernel behind `jaxkern.grouped_gemm(impl="pallas")`; the signature and
  semantics of `grouped_gemm_xla`, plus `num_sms`: the persistent CTAs (default: the current
  DeviceSpec's SM count)."""
  dtype = jnp.dtype(lhs.dtype)
  num_groups, k, n = rhs.shape
  out_dtype = jnp.dtype(out_dtype or dtype)
  reason = unsupported_reason(config, k=k, n=n, dtype=dtype.name, out_dtype=out_dtype.name,
                              activation=activation)
  if reason is not None:
    raise NotImplementedError(f"grouped_gemm(impl='pallas'): {reason}")
  if masked_m is None:
    rows = lhs.shape[0]
    starts, ends = group_bounds(group_sizes, rows)
    flat = lhs
  else:
    m_max = lhs.shape[1]
    rows = num_groups * m_max
    starts = jnp.arange(num_groups, dtype=jnp.int32) * m_max
    ends = starts + jnp.clip(masked_m.astype(jnp.int32), 0, m_max)
    flat = lhs.reshape(rows, k)
  if rows == 0 or n == 0:            # nothing to compute (no kernel for an empty output)
    return jnp.zeros(lhs.shape[:-1] + (n // _parts(activation),), out_dtype)
  bm, bn = config.block_m, config.block_n
  parts = _parts(activation)
  n_out, part_n = n // parts, bn // parts     # output columns: N, or N/2 for SwiGLU
  by_group = config.tiles == "groups"
  if by_group:
    m_tiles = group_tiles_bound(rows, num_groups, bm)
    plan, first_tile, a = group_tiles(starts, ends, num_tiles=m_tiles, block_m=bm)
  else:
    m_tiles = -(-rows // bm)
    plan = tile_groups(starts, ends, num_tiles=m_tiles, block_m=bm)
  n_tiles = -(-n_out // part_n)
  bounds = jnp.stack([starts, ends], axis=1).reshape(-1)
  k_steps = -(-k // config.block_k)
  if interpret:   # the interpreter has no TMA zero fill / clipping: whole tiles explicitly
    lhs_rows = (-(-rows // bm) + 1) * bm          # a tile's rows start below `rows`
    flat = jnp.pad(flat, ((0, lhs_rows - rows), (0, k_steps * config.block_k - k)))
    rhs = jnp.pad(rhs.reshape(num_groups, k, parts, n_out),     # each part padded on its own
                  ((0, 0), (0, k_steps * config.block_k - k), (0, 0), (0, n_tiles * part_n - n_out)))
    rhs = rhs.reshape(num_groups, k_steps * config.block_k, parts * n_tiles * part_n)
    n_out = n_tiles * part_n
  rows_c, cols_c = config.wg_tile
  if num_sms is None:
    from jaxkern.device import DeviceSpec   # here: jaxkern's package imports this module
    num_sms = DeviceSpec.current().num_sms
  st = _Static(num_groups=num_groups, m_tiles=m_tiles, n_tiles=n_tiles, k_steps=k_steps,
               num_ctas=max(1, min(num_sms, m_tiles * n_tiles)), block_m=bm, block_n=bn,
               block_k=config.block_k, wg_rows=rows_c, wg_cols=cols_c, parts=parts,
               up_col=n_out if parts == 2 else 0, split=config.split,
               num_stages=config.num_stages, band=min(config.band, m_tiles), skip_empty=by_group,
               dtype=dtype)
  out_rows = m_tiles * bm if interpret or by_group else rows
  out = _call(plan, bounds, flat, rhs, st=st, out_rows=out_rows, n=n_out, interpret=interpret)
  out = out[:, :n // parts]
  if by_group:
    out = ungroup_rows(out, starts, ends, first_tile, a, rows=rows, block_m=bm)
  out = out[:rows]
  return out if masked_m is None else out.reshape(num_groups, lhs.shape[1], n // parts)
