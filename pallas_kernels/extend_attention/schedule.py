"""The work of one CTA of the extend-attention kernel (mosaic.py), as scalar functions the
producer and the consumers both run: the kernel's static facts (`Static`), which (tile, KV head)
item a CTA computes (`cta_item`), a sequence's bounds and key steps inside a tile (`segment`), and
which key block step i of a segment loads (`step_block`)."""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax

from pallas_kernels.extend_attention import plan
from pallas_kernels.extend_attention.config import WG_ROWS as _WG_ROWS
from pallas_kernels.extend_attention.plan import ALIGN
from pallas_kernels.extend_attention.reference import clip_bounds

__all__ = ["Item", "Static", "cta_item", "segment", "seq_bounds", "split_range", "step_block"]


@dataclasses.dataclass(frozen=True)
class Static:
  """A launch's facts fixed at trace time: shapes, the config, where the launch order and
  persistent deal start in order_ref, the (start, ext, prefix) triples in seq_ref."""
  tiles: str          # "global" or "sequence"
  num_tiles: int
  tiles_per_seq: int  # sequence tiles: CTA n is tile n % tiles_per_seq of sequence n // ... (dense)
  dense: bool
  num_tokens: int
  num_seqs: int
  max_extend: int
  max_prefix: int
  group: int
  head_dim: int
  page_size: int
  num_pages: int
  max_pages: int
  block_kv: int
  rows_per_copy: int
  num_stages: int
  consumers: int
  num_splits: int
  sm_scale: float
  window: int | None
  logit_cap: float | None
  dtype: jnp.dtype
  packed: bool        # ExtendAttentionPallasConfig.packed_output
  bounds_in_kernel: bool  # sequence tiles: see `seq_bounds`
  staged: bool        # ExtendAttentionPallasConfig.staged_output
  interpret: bool
  ranked: bool = False  # global tiles launched in the order of order_ref ("cost", "position")
  overlap: bool = False  # ExtendAttentionPallasConfig.overlap
  ctas: int = 0          # global tiles: persistent CTAs, running the items order_ref deals them
  kv_heads: int = 1
  deal_at: int = 0       # persistent: where plan.persistent_deal starts in order_ref
  deal_slots: int = 0    # ... and its items per CTA
  bounds_at: int = 0     # global tiles: where the (start, ext, prefix) triples start in seq_ref

  @property
  def ext_first(self) -> bool:
    """A segment's extend blocks run before its prefix blocks (`step_block`): per-sequence tiles."""
    return self.tiles == "sequence"

  @property
  def tokens_per_wg(self) -> int:
    return _WG_ROWS // self.group

  @property
  def tile_tokens(self) -> int:
    return self.consumers * self.tokens_per_wg



def seq_bounds(b, refs, st: Static):
  """Sequence b's (start, ext, prefix), clipped as reference.sequence_bounds clips them.

  Global tiles read them precomputed by XLA (plan.global_tile_meta, after the tiles' entries):
  clipping them in the kernel measured 6% slower there (A/B on one H200, global/c2/kv64/s2:
  chunk 16x1024/0 kernel 166.8 vs 157.8 us, chunk 32x512/0 111.1 vs 105.1; logs in
  benchmarks/results/logs/extend_attention_session5/ab_*). Per-sequence tiles clip the raw
  qo_indptr / prefix_lens here: there the fusion would cost more than the clipping (verify_burst
  kernel 9.8 us in all)."""
  if not st.bounds_in_kernel:
    bounds_ref, _ = refs
    return tuple(bounds_ref[st.bounds_at + 3 * b + i] for i in range(3))
  indptr_ref, prefix_ref = refs
  return clip_bounds(indptr_ref[b], indptr_ref[b + 1], prefix_ref[b], num_tokens=st.num_tokens,
                     max_extend_len=st.max_extend, max_prefix=st.max_prefix)


def segment(b, tok0, refs, st: Static):
  """Scalar facts of sequence b's share of a tile: its bounds and key steps (plan.segment_steps)."""
  start, ext, prefix = seq_bounds(b, refs, st)
  seg = plan.segment_steps(start, ext, prefix, tok0, tile_tokens=st.tile_tokens,
                           block_kv=st.block_kv, window=st.window)
  return dict(seg, start=start, ext=ext, prefix=prefix)


def step_block(seg, i, st: Static):
  """Step i of a segment: (is it a prefix block, its block index). Prefix blocks first, then
  extend blocks; with st.ext_first (per-sequence tiles) the extend blocks first: their TMA needs
  only the sequence's bounds, a prefix block's also its page-table entry, one more dependent
  global load before the first block can arrive, which then overlaps the extend steps. A/B on
  an H100 (benchmarks/results/logs/extend_attention_session23/ab_ext_first_run151.log, kernel
  us): verify_burst 9.10-9.17 -> 7.98-8.02, verify_chat 50.95 -> 49.56, verify_summ 51.91 ->
  50.91, hd128_decode_8k 357.1 -> 355.6; verify_burst's first K block arrived 3604 cycles after
  the consumer's first event (profile_verify_run151.log; 5314 on the H200 in session 22). On the
  H200, the public op's verify_burst then ran 6.91 us beside the peers (run152; 8.0 in session
  22's run143, another lease)."""
  if st.ext_first:
    is_prefix = i >= seg["n_ext"]
    return is_prefix, jnp.where(is_prefix, seg["pb0"] + i - seg["n_ext"], seg["eb0"] + i)
  is_prefix = i < seg["n_prefix"]
  return is_prefix, jnp.where(is_prefix, seg["pb0"] + i, seg["eb0"] + i - seg["n_prefix"])


def split_range(total, split, num_splits):
  if num_splits == 1:
    return jnp.int32(0), total
  return lax.div(total * split, num_splits), lax.div(total * (split + 1), num_splits)


class Item(NamedTuple):
  """The (tile, KV head) a CTA computes."""
  n: jax.Array         # tile index
  h: jax.Array         # KV head
  tok0: jax.Array      # the tile's first token row (8-aligned)
  seg_lo: jax.Array    # first and last sequence of the tile (seg_hi < seg_lo: none)
  seg_hi: jax.Array
  part: jax.Array | None   # sequence tiles: tile of the sequence, and its (start, ext, prefix)
  bounds: tuple | None


def cta_item(tile_ref, order_ref, seg_refs, st: Static, r=None) -> Item:
  """This CTA's (tile, KV head) from the grid (tile, head), whose head index runs fastest. Global
  tiles: grid tile r is the r-th heaviest, the r-th of plan.global_tile_order when ranked, else
  tile T - 1 - r (the heaviest first for one sequence). Persistent: item r of that order."""
  if r is None:
    tile, h = lax.axis_index("tile"), lax.axis_index("head")
  else:
    tile, h = lax.div(r, st.kv_heads), lax.rem(r, st.kv_heads)
  if st.tiles == "global":
    n = order_ref[tile] if st.ranked else st.num_tiles - 1 - tile
    seg_hi = jnp.minimum(tile_ref[st.num_tiles + n], st.num_seqs - 1)
    return Item(n, h, n * st.tile_tokens, tile_ref[n], seg_hi, None, None)  # tok0: 8-aligned
  if st.dense:
    seq, part = ((tile, jnp.int32(0)) if st.tiles_per_seq == 1 else
                 (lax.div(tile, st.tiles_per_seq), lax.rem(tile, st.tiles_per_seq)))
  else:
    seq, part = tile_ref[2 * tile], tile_ref[2 * tile + 1]
  bounds = seq_bounds(seq, seg_refs, st)
  tok0 = lax.div(bounds[0], ALIGN) * ALIGN + part * st.tile_tokens
  return Item(tile, h, tok0, seq, seq, part, bounds)
