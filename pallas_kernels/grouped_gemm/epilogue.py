"""The grouped GEMM's epilogue pieces (mosaic.py): SwiGLU on the accumulators, exact-row stores of
a group tile's segment, and the stores a unit defers to the next unit's K steps."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

from pallas_kernels import _mgpu

if TYPE_CHECKING:
  from pallas_kernels.grouped_gemm.static import Static
  from pallas_kernels.grouped_gemm.plan import Meta

__all__ = ["FLUSH_SPACING", "Pending", "epilogue", "segment_send"]

FLUSH_SPACING = _mgpu.FLUSH_SPACING   # measured: README.md, the pipeline


def segment_send(out_ref, meta: Meta, seg, row0, col0, rows, st: Static):
  """tiles="groups": the `send` of `_mgpu.store_chunk` for a consumer's rows [row0, row0 +
  rows) of its tile, of which it writes those in its segment [start, end), straight into the
  result: the whole 8-row tiles among them by TMA boxes of power-of-two row counts from the
  swizzled chunk buffer, the rest (at most 7 rows at either end, sharing an 8-row tile with the
  neighbouring segment, whose tile writes the other rows of it) by ordinary stores from
  registers; with st.row_stores (config.segment_stores="rows": a buffer allocated without
  transforms, which a box may start at any row of) every row by TMA boxes of power-of-two row
  counts."""
  start, end = meta.segment(seg)
  lo, hi = jnp.clip(start - row0, 0, rows), jnp.clip(end - row0, 0, rows)
  if st.row_stores:
    def send_rows(buf, c, chunk):
      del chunk
      cols = pl.ds(col0 + c * _mgpu.EPI_COLS, _mgpu.EPI_COLS)

      def copy(off, n):
        plgpu.copy_smem_to_gmem(buf.at[pl.ds(off, n)], out_ref.at[pl.ds(row0 + off, n), cols],
                                commit_group=False)
      _mgpu.power_of_two_boxes(copy, hi - lo, rows, first=lo)
      plgpu.commit_smem_to_gmem_group()
    return send_rows
  lo8 = lax.div(lo + 7, 8)                          # whole 8-row tiles: [lo8, hi8) * 8
  hi8 = jnp.maximum(lax.div(hi, 8), lo8)
  ragged = (lax.rem(lo, 8) != 0) | (lax.rem(hi, 8) != 0)

  def send(buf, c, chunk):
    cols = pl.ds(col0 + c * _mgpu.EPI_COLS, _mgpu.EPI_COLS)

    def copy(off, n):
      off = pl.multiple_of(off, 8)
      plgpu.copy_smem_to_gmem(buf.at[pl.ds(off, n)], out_ref.at[pl.ds(row0 + off, n), cols],
                              commit_group=False)
    _mgpu.power_of_two_boxes(copy, hi8 - lo8, rows // 8, first=lo8, unit=8)
    plgpu.commit_smem_to_gmem_group()
    first_col = col0 + c * _mgpu.EPI_COLS         # a last column tile may run past the result
    pl.when(ragged)(lambda: _mgpu.store_rows_direct(
        chunk, out_ref.at[pl.ds(row0, rows), cols], lo, hi, skip=(lo8 * 8, hi8 * 8),
        cols=jnp.clip(out_ref.shape[1] - first_col, 0, _mgpu.EPI_COLS), interpret=st.interpret))
  return send


class Pending(NamedTuple):
  """A consumer's unit whose stores wait for the next unit's first K steps (st.deferred),
  carried from unit to unit: the tensor cores run the next unit's steps while the stores go out,
  one chunk every other step (`flushes`), where they would otherwise idle through the epilogue."""
  chunks: tuple     # the tile in 64-column chunks (registers, out dtype); a narrower unit's
                    # padded with zero chunks to the widest unit's count
  seg: jax.Array    # its segment (`plan.Meta.tile`)
  row0: jax.Array   # its first lhs row and column
  col0: jax.Array
  count: jax.Array  # how many of `chunks` are real
  live: jax.Array   # whether it stores anything (a tile past every segment does not)

  @staticmethod
  def _padded(chunks, st: Static) -> tuple:
    """chunks and zero chunks after them, up to the widest unit's count."""
    zero = _mgpu.zero_chunk(st.wg_rows, st.out_dtype)
    return tuple(chunks) + (zero,) * (st.wg_cols // st.parts // _mgpu.EPI_COLS - len(chunks))

  @classmethod
  def empty(cls, st: Static) -> Pending:
    chunks, z = cls._padded((), st), jnp.int32(0)
    return cls(chunks, z, z, z, z, jnp.bool_(False))

  @classmethod
  def of(cls, out, seg, row0, col0, live, st: Static) -> Pending:
    """A unit's pending stores from its tile `out` (a tuple of pieces side by side)."""
    chunks = _mgpu.epi_chunks(out)
    return cls(cls._padded(chunks, st), seg, row0, col0, jnp.int32(len(chunks)), live)

  def stores_after(self, stores):
    """The consumer's store count once these stores are issued."""
    return stores + jnp.where(self.live, self.count, 0)

  def flushes(self, bufs, stores, out_ref, meta: Meta, st: Static) -> tuple:
    """The stores as one callable per chunk (`stores` chunks sent before them), for the next
    unit's K steps to issue one every FLUSH_SPACING steps (`_mgpu.consume`'s after_steps)."""
    # Carried through the unit loop, the offsets lose what Mosaic's layout inference must see:
    # rows start at multiples of 8 unless st.exact_starts (`Static.tile_row`; consumers 64 rows
    # apart), columns at multiples of 64 (column tiles, pieces and shares of 64 columns).
    row0, col0 = st.tile_row(self.row0), pl.multiple_of(self.col0, _mgpu.EPI_COLS)
    send = segment_send(out_ref, meta, self.seg, row0, col0, st.wg_rows, st)
    return _mgpu.chunk_flushes(self.chunks, bufs, stores, send,
                               lambda c: self.live & (c < self.count))


def epilogue(accs):
  """The float32 tile from the accumulators: as is, or SwiGLU's silu(gate) * up."""
  if len(accs) == 1:
    return accs[0]
  gate, up = accs
  return gate / (1.0 + jnp.exp(-gate)) * up
