"""What the Mosaic GPU extend-attention kernel needs from XLA around it: how its tiles are
numbered (static counts, and the few per-call index arrays some tilings need), the cache repaging
for page sizes it cannot stream, and the flash-decoding merge of split tiles.

Every array built here is a separate small XLA kernel on the GPU (about 1-4 us each, more than a
decode step's attention kernel), so the common cases build few: per-sequence tiles of decode /
verify batches none at all (the grid says which sequence a CTA owns; the kernel clips the
sequence's bounds from `qo_indptr` / `prefix_lens` itself), global tiles one search over
`qo_indptr` and one fusion of clipped bounds (cheaper than clipping them in the kernel there:
schedule.seq_bounds).
"""

from __future__ import annotations

import dataclasses
import heapq

import jax.numpy as jnp
import numpy as np
from jax import lax

from pallas_kernels import _index
from pallas_kernels._index import order_descending, prefix_sum, ragged_slots, searchsorted_right
from pallas_kernels.extend_attention.config import WG_ROWS
from pallas_kernels.extend_attention.reference import sequence_bounds, sequence_of

_F32 = jnp.float32
ALIGN = 8      # TMA row offsets into tiled shared memory must be multiples of this many tokens


@dataclasses.dataclass(frozen=True)
class SequenceTiling:
  """Per-sequence tiles: sequence b's tiles cover tokens floor8(start_b) + i * tile_tokens, ...
  (rows of other sequences in a tile are masked and never written). With `dense`, CTA n is tile
  i = n % tiles_per_seq of sequence n // tiles_per_seq and no index array exists; otherwise (a
  long sequence beside short ones) `num_tiles` CTAs read (sequence, tile) pairs from a list."""
  tile_tokens: int
  tiles_per_seq: int
  num_tiles: int
  dense: bool


def sequence_tiling(*, num_tokens: int, num_seqs: int, max_extend_len: int,
                    tile_tokens: int) -> SequenceTiling:
  ext = max(0, min(max_extend_len, num_tokens))
  per_seq = max(1, -(-(ext + ALIGN - 1) // tile_tokens))      # the start is aligned down
  listed = -(-num_tokens // tile_tokens) + 2 * num_seqs         # >= sum_b cdiv(s_b % 8 + e_b, tt)
  if num_seqs * per_seq <= listed:
    return SequenceTiling(tile_tokens, per_seq, num_seqs * per_seq, True)
  return SequenceTiling(tile_tokens, per_seq, listed, False)


def _tiles_per_sequence(tiling: SequenceTiling, starts, ext_lens):
  return jnp.where(ext_lens > 0, -(-(starts % ALIGN + ext_lens) // tiling.tile_tokens), 0)


def sequence_tile_list(tiling: SequenceTiling, qo_indptr, prefix_lens, **bounds):
  """[2 * num_tiles] int32: (sequence, tile of that sequence) of each CTA for a non-dense tiling;
  CTAs past the last real tile get a tile index past their sequence (no rows)."""
  starts, ext_lens, _ = sequence_bounds(qo_indptr, prefix_lens, **bounds)
  seq, j, _ = ragged_slots(_tiles_per_sequence(tiling, starts, ext_lens), tiling.num_tiles)
  tile = jnp.minimum(j, tiling.tiles_per_seq)
  return jnp.stack([seq, tile], axis=1).reshape(-1).astype(jnp.int32)


def global_tile_sequences(qo_indptr, *, num_tokens: int, tile_tokens: int, num_tiles: int):
  """[2 * num_tiles] int32: for global tile n (tokens n * tile_tokens ...), the first sequence
  whose rows end after its first token, then (at num_tiles + n) the sequence of its last token;
  one search for both (the kernel clips the latter to B - 1)."""
  tok0 = jnp.arange(num_tiles, dtype=jnp.int32) * tile_tokens
  last = jnp.minimum(tok0 + tile_tokens, num_tokens) - 1
  return searchsorted_right(qo_indptr[1:].astype(jnp.int32), jnp.concatenate([tok0, last]))


def global_tile_meta(qo_indptr, prefix_lens, *, num_tokens: int, tile_tokens: int,
                     num_tiles: int, max_extend_len: int, max_prefix: int):
  """[2 * num_tiles + 3 * B] int32, what global tiles read: `global_tile_sequences`, then each
  sequence's clipped (start, ext, prefix) (reference.sequence_bounds). One XLA reduction over
  every (entry, sequence) pair (a tile entry counts the sequences ending at or before its token;
  a bounds entry picks its sequence's value): 1.25-1.65 us on the H200 where the two arrays (a
  search and a fusion of the bounds) ran as two kernels of 1.0-1.4 us each, 2.1-2.4 together
  (the chunk shapes' per-kernel CUPTI times in benchmarks/results/logs/
  extend_attention_session17/seed_meta_run106.json vs seed2_run105.json). Large batches fall
  back to the two arrays."""
  num_seqs = prefix_lens.shape[0]
  qo_indptr = qo_indptr.astype(jnp.int32)
  start, ext, prefix = sequence_bounds(qo_indptr, prefix_lens, num_tokens=num_tokens,
                                       max_extend_len=max_extend_len, max_prefix=max_prefix)
  rows = 2 * num_tiles + 3 * num_seqs
  if rows * num_seqs > _index.COMPARE_ALL_LIMIT:
    return jnp.concatenate([
        global_tile_sequences(qo_indptr, num_tokens=num_tokens, tile_tokens=tile_tokens,
                              num_tiles=num_tiles),
        jnp.stack([start, ext, prefix], 1).reshape(-1)])
  tok0 = np.arange(num_tiles, dtype=np.int64) * tile_tokens
  queries = np.concatenate([tok0, np.minimum(tok0 + tile_tokens, num_tokens) - 1,
                            np.zeros(3 * num_seqs, np.int64)]).astype(np.int32)[:, None]
  r = np.arange(rows, dtype=np.int32)[:, None] - 2 * num_tiles      # bounds entries: r >= 0
  j = jnp.arange(num_seqs, dtype=jnp.int32)[None, :]
  field = r % 3
  value = jnp.where(field == 0, start[None, :], jnp.where(field == 1, ext[None, :],
                                                          prefix[None, :]))
  values = jnp.where(r < 0, (qo_indptr[None, 1:] <= queries).astype(jnp.int32),
                     jnp.where(j == r // 3, value, 0))
  return values.sum(axis=1, dtype=jnp.int32)


def segment_steps(start, ext, prefix, tok0, *, tile_tokens: int, block_kv: int,
                  window: int | None) -> dict:
  """The key steps of one sequence's share of a tile of `tile_tokens` token rows from `tok0`
  (sequence rows [start, start + ext), cached prefix `prefix`): its prefix blocks [pb0, pb0 +
  n_prefix) of the paged cache (only from the first block inside the window), then its extend
  blocks [eb0, eb0 + n_ext) up to its last row (causal). Extend keys are read in blocks aligned to
  8-row multiples of the global token index (TMA row offsets into tiled shared memory must be
  provably tile-aligned), from `base`, the aligned row at or before the sequence. Elementwise:
  the kernel evaluates it on scalars, `global_tile_order` on arrays."""
  bk = block_kv
  t_lo = jnp.maximum(tok0, start)
  t_hi = jnp.minimum(tok0 + tile_tokens, start + ext) - 1
  nonempty = t_hi >= t_lo
  q_lo = prefix + t_lo - start
  q_hi = prefix + t_hi - start
  k_lo = q_lo * 0 if window is None else jnp.maximum(q_lo - (window - 1), 0)
  pb0 = lax.div(k_lo, bk)
  pb1 = lax.div(jnp.minimum(q_hi + 1, prefix) + bk - 1, bk)
  n_prefix = jnp.where(nonempty, jnp.maximum(pb1 - pb0, 0), 0)
  base = lax.div(start, ALIGN) * ALIGN
  e_lo = jnp.maximum(k_lo - prefix, 0)
  e_hi = q_hi - prefix
  eb0 = lax.div(start + e_lo - base, bk)
  n_ext = jnp.where(nonempty & (e_hi >= 0),
                    lax.div(start + jnp.maximum(e_hi, 0) - base, bk) - eb0 + 1, 0)
  return dict(base=base, pb0=pb0, n_prefix=n_prefix, eb0=eb0, n_ext=jnp.maximum(n_ext, 0))


def global_tile_order(bounds, *, num_tiles: int, tile_tokens: int, block_kv: int,
                      window: int | None):
  """[num_tiles] int32: global tiles from the most key steps to the fewest (ties: lower index
  first), for the kernel to launch heaviest first. A tile's steps are the kernel's own count
  (segment_steps, zero for sequences without rows in the tile) summed over all sequences, in one
  fusion over (tile, sequence) pairs. bounds: (start, ext, prefix) per sequence."""
  start, ext, prefix = bounds
  n = jnp.arange(num_tiles, dtype=jnp.int32)[:, None]
  seg = segment_steps(start[None], ext[None], prefix[None], n * tile_tokens,
                      tile_tokens=tile_tokens, block_kv=block_kv, window=window)
  return order_descending((seg["n_prefix"] + seg["n_ext"]).sum(axis=1))


def position_tile_order(*, num_tiles: int, tile_tokens: int, seq_tokens: int) -> np.ndarray:
  """[num_tiles] int32, static: global tiles ordered as if every sequence were `seq_tokens` long
  and they lay back to back from row 0. The kernel runs each sequence's share of a tile in turn,
  and a share's causal key steps grow with the position of its last row in its sequence, so a
  tile is estimated at the sum over its shares of (that position + 1); tiles go from the largest
  estimate to the smallest (ties: lower index first, which keeps neighbouring tiles, reading the
  same keys, together). The estimate ignores prefixes and windows; the result is a permutation
  for any batch."""
  n = np.arange(num_tiles, dtype=np.int64)
  e = max(seq_tokens, 1)
  first, last = n * tile_tokens, (n + 1) * tile_tokens - 1
  estimate = (last // e - first // e) * e + last % e + 1
  return np.lexsort((n, -estimate)).astype(np.int32)


def visible_prefix(max_prefix: int, window: int | None, page_size: int) -> int:
  """Static bound on the prefix keys one sequence's rows can see: the cache's capacity, or with a
  sliding window the window's last window - 1 keys plus the partial page they start in."""
  return max_prefix if window is None else min(max_prefix, window - 1 + page_size)


def position_tile_steps(*, num_tiles: int, tile_tokens: int, seq_tokens: int, block_kv: int,
                        prefix_steps: int = 0, window: int | None = None) -> np.ndarray:
  """[num_tiles] int64, static: each global tile's key steps in the model of
  `position_tile_order` (sequences of `seq_tokens` back to back from row 0, each over a prefix of
  `prefix_steps` key blocks): per share of a tile, its prefix blocks and the causal extend blocks
  up to its last row (a sliding window caps the latter)."""
  e = max(seq_tokens, 1)
  steps = np.zeros(num_tiles, np.int64)
  for n in range(num_tiles):
    first, last = n * tile_tokens, (n + 1) * tile_tokens - 1
    for s in range(first // e, last // e + 1):
      end = min(last, (s + 1) * e - 1) - s * e          # the share's last row in its sequence
      ext = end // block_kv + 1
      if window is not None:
        ext = min(ext, -(-window // block_kv) + 1)
      steps[n] += prefix_steps + ext
  return steps


def launch_steps(*, tile_order: str, num_tiles: int, num_kv_heads: int, tile_tokens: int,
                 seq_tokens: int, block_kv: int, prefix_steps: int = 0,
                 window: int | None = None) -> np.ndarray:
  """[num_tiles * num_kv_heads] int64, static: the estimated key steps (`position_tile_steps`) of
  the global-tile items in launch order (KV heads innermost): tiles from the last ("index"), in
  `position_tile_order` ("position"), or by the estimate itself, heaviest first ("cost", whose
  real order is ranked at run time)."""
  steps = position_tile_steps(num_tiles=num_tiles, tile_tokens=tile_tokens,
                              seq_tokens=seq_tokens, block_kv=block_kv,
                              prefix_steps=prefix_steps, window=window)
  if tile_order == "index":
    order = np.arange(num_tiles)[::-1]
  elif tile_order == "position":
    order = position_tile_order(num_tiles=num_tiles, tile_tokens=tile_tokens,
                                seq_tokens=seq_tokens)
  else:
    order = np.argsort(-steps, kind="stable")
  return np.repeat(steps[order], num_kv_heads)


# The launch model's costs, measured on the H200 (session 16's fit over the prefill shapes,
# benchmarks/results/logs/extend_attention_session16/NOTES.md): a step of 64 keys takes 1.69 us
# at head_dim 256 with two consumer warpgroups, and an item costs 5.2 us of its own (set-up, first
# loads, epilogue), taken as ITEM_STEPS such steps.
STEP_US_64 = 1.69
ITEM_STEPS = 3
# What a persistent item saves of its own cost (session 18: head_dim 128 prefill_long, one
# sequence, so an even deal either way, 908-917 -> 890-902 us over ~15.5 items per CTA;
# benchmarks/results/logs/extend_attention_session18/NOTES.md). The persistent deal made on
# costs less this saving measured 0-2.4% faster than on the one-CTA-per-item costs (chunk
# 32x512/0 87.6 -> 85.5 us, 16x1024/0 141.5 -> 141.2, ab_deal_costs.log).
PERSISTENT_SAVES_US = 1.1
# A persistent item's own cost where the deal's costs are exact (`exact_costs`), in steps: fitted
# to the kernel times of the two prefix-free chunk rows (run486; logs/session74/
# launch_model_check.log as corrected in session 75: one step of own cost is where the two rows
# agree, at 1.66-1.67 us a step). Deals made on it measured faster than on ITEM_STEPS -
# PERSISTENT_SAVES_US / STEP_US_64 (2.35) in each of three interleaved rounds on one H200, by as
# much as the fitted model had them (chunk_16x1024_p0 on four waves 135.8-136.2 -> 134.2-134.6 us,
# 1.2%; chunk_32x512_p0 84.3-84.4 -> 82.7-82.9, 1.9%: logs/session75/run497/ab_own.log). Deals
# over a longer prefix keep 2.35 (not measured on them).
PERSISTENT_EXACT_ITEM_STEPS = 1.0


def exact_costs(prefix_steps: int) -> bool:
  """Whether the launch model's item costs are exact for a prefix bound of `prefix_steps` key
  blocks: at most one, so every item's prefix steps are known statically (beyond it the costs
  price each sequence's prefix at the static bound)."""
  return prefix_steps <= 1


def item_costs(steps, *, block_kv: int, head_dim: int, consumers: int,
               persistent: bool = False, exact: bool = False) -> np.ndarray:
  """Estimated costs of items of `steps` key steps each, their own cost included (run by
  persistent CTAs: PERSISTENT_EXACT_ITEM_STEPS where the costs are `exact`, else less
  PERSISTENT_SAVES_US), in units of STEP_US_64 (a step scaled by its keys, head_dim and consumer
  warpgroups; the same for every item of equal steps, so their deal has exact ties)."""
  scale = block_kv / 64 * head_dim / 256 * consumers / 2
  if not persistent:
    own = ITEM_STEPS
  elif exact:
    own = PERSISTENT_EXACT_ITEM_STEPS
  else:
    own = ITEM_STEPS - PERSISTENT_SAVES_US / STEP_US_64
  return np.asarray(steps, np.float64) * scale + own


def list_schedule(costs, ctas: int) -> tuple[np.ndarray, float]:
  """Items of `costs` in order, each to the CTA that is free first (ties: the lowest index), as
  the GPU hands CTAs of a grid to SMs: (each item's CTA, the time the last one ends)."""
  free = [(0.0, c) for c in range(ctas)]
  cta_of = np.zeros(len(costs), np.int32)
  for i, cost in enumerate(costs):
    t, c = heapq.heappop(free)
    cta_of[i] = c
    heapq.heappush(free, (t + float(cost), c))
  return cta_of, max(t for t, _ in free)


# Persistent deals whose costs are exact sort tails of up to DEAL_WAVES waves of items heaviest
# first (`deal_waves`; the kernel's deal and the rule's estimate of it both read it; the switch an
# A/B flips: logs/session74/ab_tail.py). One wave was measured first (session 18). Two: of the
# benchmark shapes the H200 runs persistent, only chunk_16x1024_p0's deal changes (the model ends
# it 0.7% sooner; logs/session75/deal_scope.log), and its kernel ran 2.5% faster in each of three
# interleaved rounds on one H200 (142.6-143.1 -> 139.0-139.1 us; chunk_32x512_p0, whose deal is
# the same, 85.6-85.8 either way: logs/session75/run491/ab_tail.log). Longer tails, four and
# six waves against two (logs/session75/run495/ab_tail_more.log): chunk_16x1024_p0 139.5 ->
# 136.0-136.1 (four) and 137.8 (six) in each of three rounds, chunk_32x512_p0 84.85-84.92 ->
# 84.88-85.27 and 85.03-85.27: four waves is that row's tuning-table config (deal_waves), two
# stay the default.
DEAL_WAVES = 2


def deal_waves(prefix_steps: int, waves: int | None = None) -> int:
  """Waves of items the persistent deal may sort at its end: `waves` (the config's deal_waves;
  None: DEAL_WAVES) where every item's estimated cost is exact (a prefix of at most one key
  block); one where the costs price a longer prefix at its static bound, and the deal is even
  only by giving every CTA about the same share of every sequence (the rule's `_even_share`),
  which a tail of more than one wave mixes (8 x 544 tokens over 1024-key prefixes at head_dim
  128, 136 items a sequence: two waves leave a CTA without an item of a sequence)."""
  if not exact_costs(prefix_steps):
    return 1
  return DEAL_WAVES if waves is None else waves


def balanced_order(costs, ctas: int, *, waves: int | None = None) -> np.ndarray:
  """int64, static: an order of the items of `costs` (given in launch order) for persistent CTAs:
  the launch order with its last `tail` <= `waves` (default DEAL_WAVES) * `ctas` items moved
  heaviest first, `tail` the one whose list schedule ends first (ties: the shortest). Within a
  sequence the launch order runs from its heaviest tile down, so the last sequences' heavy tiles
  would start late and end alone; sorting the last waves' worth of items evens the end out, and
  leaves the items that run at the same time as close to the same keys as the launch order has
  them."""
  waves = DEAL_WAVES if waves is None else waves
  costs = np.asarray(costs, np.float64)
  n = len(costs)
  plain = np.arange(n)
  if n <= ctas:
    return plain
  best, best_end = plain, list_schedule(costs, ctas)[1]
  step = max(ctas // 8, 1)
  for tail in range(step, min(waves * ctas, n) + 1, step):
    order = np.concatenate([plain[:n - tail],
                            n - tail + np.argsort(-costs[n - tail:], kind="stable")])
    end = list_schedule(costs[order], ctas)[1]
    if end < best_end - 1e-9:
      best, best_end = order, end
  return best


def _dealt(costs, ctas: int, waves: int | None) -> tuple[np.ndarray, np.ndarray]:
  """(order, cta_of): the items in `balanced_order` (tails of up to `waves` waves) and the CTA
  `list_schedule` gives each of them (in that order) with these estimated costs."""
  costs = np.asarray(costs, np.float64)
  order = balanced_order(costs, ctas, waves=waves)
  return order, list_schedule(costs[order], ctas)[0]


def persistent_deal(costs, ctas: int, *, waves: int | None = None) -> np.ndarray:
  """int32, static: the items (launch positions) `ctas` persistent CTAs run, dealt by
  `list_schedule` in `balanced_order` (tails of up to `waves` waves) with these estimated costs
  (`_dealt`). Layout: [ctas] item counts, then each CTA's items in order, `max(counts)` slots per
  CTA (unused slots -1)."""
  order, cta_of = _dealt(costs, ctas, waves)
  counts = np.bincount(cta_of, minlength=ctas).astype(np.int32)
  slots = max(int(counts.max(initial=0)), 1)
  deal = np.full((ctas, slots), -1, np.int32)
  for c in range(ctas):
    mine = order[np.flatnonzero(cta_of == c)]
    deal[c, :len(mine)] = mine
  return np.concatenate([counts, deal.reshape(-1)])


def kernel_deal(steps, ctas: int, *, block_kv: int, head_dim: int, consumers: int,
                prefix_steps: int, waves: int | None = None) -> np.ndarray:
  """The deal the kernel makes at trace time (`persistent_deal`) for items of `steps` key steps
  over a prefix bound of `prefix_steps` key blocks: their persistent costs, exact or not
  (`exact_costs`), and tails of `deal_waves(prefix_steps, waves)` waves (`waves`: the config's
  deal_waves)."""
  costs = item_costs(steps, block_kv=block_kv, head_dim=head_dim, consumers=consumers,
                     persistent=True, exact=exact_costs(prefix_steps))
  return persistent_deal(costs, ctas, waves=deal_waves(prefix_steps, waves))


def launch_makespans(costs, persistent_costs, *, ctas: int, waves: int | None = None,
                     deal_costs=None) -> tuple[float, float]:
  """(one CTA per item, `ctas` persistent CTAs): estimated times of a launch of items of
  `costs` each (`item_costs`, one CTA per item; the result in the same unit), in launch order,
  the GPU's list schedule; and of the same items costing `persistent_costs` (`item_costs` of
  persistent CTAs less the measured PERSISTENT_SAVES_US) dealt as the kernel deals them at trace
  time: `persistent_deal` on `deal_costs` (the kernel's costs, `item_costs(..., exact=)`; default
  `persistent_costs`), tails of up to `waves` waves. Exact where the estimated costs are (the
  rule only takes persistent CTAs there)."""
  costs = np.asarray(costs, np.float64)
  saved = np.asarray(persistent_costs, np.float64)
  order, cta_of = _dealt(saved if deal_costs is None else deal_costs, ctas, waves)
  return (list_schedule(costs, ctas)[1],
          float(np.bincount(cta_of, weights=saved[order], minlength=ctas).max()))


def merge_split_tiles(out_p, lse, tiling: SequenceTiling, qo_indptr, prefix_lens, *, group: int,
                      dtype, **bounds):
  """Flash-decoding merge of `num_splits` partial results per packed row (float32, weights from
  each split's log2-sum-exp), then each token's G rows gathered into [T, Hq, D]; rows of no
  sequence are zeros. out_p [S, Hkv, rows, D], lse [S, Hkv, rows]."""
  num_tokens = bounds["num_tokens"]
  num_kv_heads, head_dim = out_p.shape[1], out_p.shape[3]
  lse_max = jnp.max(lse, axis=0)
  lse_max = jnp.where(jnp.isfinite(lse_max), lse_max, 0.0)
  w = jnp.exp2(lse - lse_max[None])                  # [S, Hkv, rows]; 0 where a split saw nothing
  total = w.sum(axis=0)
  w = w / jnp.where(total > 0, total, 1.0)[None]
  merged = jnp.einsum("shr,shrd->hrd", w, out_p.astype(_F32)).astype(dtype)

  tt, tpw, rows = tiling.tile_tokens, WG_ROWS // group, merged.shape[1]
  num_seqs = prefix_lens.shape[0]
  starts, ext_lens, _ = sequence_bounds(qo_indptr, prefix_lens, **bounds)
  if tiling.dense:
    first_tile = jnp.arange(num_seqs, dtype=jnp.int32) * tiling.tiles_per_seq
  else:
    per_seq = _tiles_per_sequence(tiling, starts, ext_lens)
    first_tile = prefix_sum(per_seq) - per_seq
  tok = jnp.arange(num_tokens, dtype=jnp.int32)
  b = sequence_of(qo_indptr, tok)
  i = tok - starts[b]
  keep = (tok < qo_indptr[num_seqs]) & (i >= 0) & (i < ext_lens[b])
  local = tok - starts[b] // ALIGN * ALIGN
  tile = jnp.clip(first_tile[b] + local // tt, 0, tiling.num_tiles - 1)
  local = local % tt
  row = tile * (tt * group) + local // tpw * WG_ROWS + local % tpw
  src = row[:, None] + jnp.arange(group, dtype=jnp.int32)[None, :] * tpw           # [T, G]
  out = merged[:, jnp.clip(src, 0, rows - 1)]                                      # [Hkv, T, G, D]
  out = out.transpose(1, 0, 2, 3).reshape(num_tokens, num_kv_heads * group, head_dim)
  return jnp.where(keep[:, None, None], out, 0).astype(dtype)


def needs_repaging(page_size: int, block_kv: int) -> bool:
  """Whether the kernel cannot stream this page size with this key block (one TMA per page
  needs pages of whole 8-row tiles that divide the block, or blocks that divide the page)."""
  if page_size <= block_kv:
    return page_size % ALIGN != 0 or block_kv % page_size != 0
  return page_size % block_kv != 0


def repaged(k_cache, v_cache, page_table, prefix_lens, block_kv, window=None):
  """Pages of `block_kv` tokens gathered from a cache whose page size the kernel cannot stream, in
  XLA; slots past each prefix are zeros. Without a window every block of the static prefix bound
  is gathered; with one, only the blocks a sequence's queries can see (from the block holding
  prefix - (window - 1), at most window / block_kv + 1 of them): the table's other entries point
  at a gathered block the kernel never visits."""
  num_pages, page_size, num_kv_heads, head_dim = k_cache.shape
  num_seqs, max_pages = page_table.shape
  num_blocks = -(-(max_pages * page_size) // block_kv)
  if window is None:
    span = num_blocks
    first = jnp.zeros((num_seqs,), jnp.int32)
  else:
    span = min(num_blocks, -(-window // block_kv) + 1)
    first = jnp.minimum(jnp.maximum(prefix_lens - (window - 1), 0) // block_kv, num_blocks - span)
  pos = ((first[:, None] + jnp.arange(span, dtype=jnp.int32)[None, :])[:, :, None] * block_kv
         + jnp.arange(block_kv, dtype=jnp.int32)).reshape(num_seqs, span * block_kv)
  slot = jnp.clip(jnp.take_along_axis(page_table, jnp.minimum(pos // page_size, max_pages - 1),
                                      axis=1), 0, num_pages - 1)
  flat = (slot * page_size + pos % page_size).reshape(-1)
  used = (pos < prefix_lens[:, None]).reshape(-1, 1, 1)

  def gather(cache):
    rows = cache.reshape(num_pages * page_size, num_kv_heads, head_dim)[flat]
    rows = jnp.where(used, rows, jnp.zeros((), cache.dtype))
    return rows.reshape(num_seqs * span, block_kv, num_kv_heads, head_dim)
  block = jnp.clip(jnp.arange(num_blocks, dtype=jnp.int32)[None, :] - first[:, None], 0, span - 1)
  table = jnp.arange(num_seqs, dtype=jnp.int32)[:, None] * span + block
  return gather(k_cache), gather(v_cache), table
