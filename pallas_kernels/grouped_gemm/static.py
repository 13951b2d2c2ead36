"""The grouped GEMM kernel's launch facts fixed at trace time (`Static`): what mosaic.py's wrapper
works out from the shapes, dtypes and config before the launch, and the kernel and its epilogue
read."""

from __future__ import annotations

import dataclasses

import jax.numpy as jnp
from jax.experimental import pallas as pl

from pallas_kernels import _mgpu

__all__ = ["Static"]


@dataclasses.dataclass(frozen=True)
class Static:
  """A launch's facts fixed at trace time: shapes, tile counts, the config and the features it
  turns on (support.py)."""
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
  by_group: bool     # tiles="groups": one segment per tile, exactly its rows written; only
                     # the tiles in use are dealt (`Meta.counts`)
  halves: bool       # by_group, split "m": a segment's last tile with at most block_m / 2 of
                     # its rows computes only those, split by columns (`half_tiles`)
  tail_split: int    # by_group: the last units, fewer than one per CTA, may run as this many
                     # column pieces (`tail_pieces`); 1: never
  exact_boxes: bool  # lhs rows loaded as boxes of their 8-row count's binary digits
                     # (config.lhs_boxes="exact"); else one power-of-two box
  dtype: jnp.dtype        # operands
  out_dtype: jnp.dtype
  k_major: bool = False   # rhs [G, N, K]: [columns, K] tiles, read transposed
  k_blocks: int = 0       # fp8: K / 128 (scale blocks); 0 for 16-bit operands
  n_blocks: int = 0       # fp8: rhs scale blocks along N (scales [G, N/128, K/128], flat)
  signals: bool = False   # publish per-tile completion (README.md, Completion signals)
  deferred: bool = False  # a unit's stores go out under the next unit's first K steps
                          # (`deferred_stores`, `Pending`)
  stream_k: bool = False  # the last units split along K (`StreamDeal`; by_group: deferred
                          # stores, or fp8's stores after the sums)
  stream_steps: int = 0   # stream-K: K steps a CTA runs at least (`plan.MIN_STREAM_STEPS`)
  gather_cols: int = 0    # stream-K: columns of the partial sums added at a time (GATHER_COLS)
  lanes: bool = False     # stream-K: partials thread-interleaved (config.sk_partials="lanes")
  m_max: int = 0          # masked row tiles, M_max a multiple of block_m: the kernel reads
                          # masked_m, no XLA kernel before it (`plan.Meta`); 0: segment bounds
  kernel_meta: bool = False   # a few contiguous groups: the kernel computes the metadata
                              # from group_sizes where it reads it (`plan.Meta.sizes`)
  rows: int = 0           # rows of the flat lhs
  segments: int = 0       # row segments (`segment_bounds`; tiles="groups": with the zero ones)
  skip_invalid: bool = False  # invalid_rows="unwritten": row tiles store only up to the last
                              # valid row (group tiles: no zero segments in the metadata)
  untiled_lhs: bool = False   # K not whole 64-column steps: the lhs loads (and k_major rhs
  untiled_rhs: bool = False   # loads) through `_mgpu.operand_ring`'s untiled view
  untiled_out: bool = False   # N (N/2 with SwiGLU) not whole 64 columns: the output's TMA
                              # stores from the epilogue buffers' untiled view (k_major rhs)
  epi_bufs: int = 2           # output buffers per consumer (`epilogue_buffers`)
  row_stores: bool = False    # group tiles: output buffers without transforms (`operand_ring(
                              # swizzle=False)`), every row of a segment stored by TMA
                              # (config.segment_stores="rows"; `segment_send`)
  exact_starts: bool = False  # group tiles start at their segment's first row, not that
                              # rounded down to 8 (`support.exact_starts`)
  interpret: bool = False

  @property
  def fp8(self) -> bool:
    return self.k_blocks > 0

  @property
  def lhs_arrivals(self) -> int:
    """Arrivals of a K step's lhs on its slot's barrier: one copy, or with exact boxes one copy
    or plain arrival per box size (`_mgpu.box_sizes`, as the producer's `power_of_two_boxes`)."""
    return _mgpu.box_sizes(self.block_m // 8) if self.exact_boxes else 1

  def tile_row(self, row):
    """A tile's (or a consumer's share's) first row as Mosaic's layout inference must see it: a
    multiple of 8 (a tiled copy's rows start at whole 8-row tiles; the swizzled stores' boxes at
    the chunk buffer's 8-row tiles), which it is unless `exact_starts` (`plan.segment_first_row`:
    the lhs loads through the untiled view, the stores are row boxes). Carried through a loop or
    read from shared memory, the value no longer shows it."""
    return row if self.exact_starts else pl.multiple_of(row, 8)
