"""Extend attention as a Mosaic GPU kernel for Hopper (wgmma + TMA, warp-specialized).

One thread block (CTA) owns one *tile* of packed query rows for one KV head (and, with
`num_splits > 1`, one slice of that tile's key steps). A packed row is one (token, query head of the
KV head's group) pair, so every key block is read once for all G query heads of its group. Each
consumer warpgroup owns 64 rows: 64 / G consecutive tokens (a multiple of 8, so G is 1, 2, 4 or 8)
for each of the G heads, head-major: row r of warpgroup w is head `h * G + r // (64 / G)` of token
`tok0 + w * 64 / G + r % (64 / G)`. One
producer warpgroup streams key/value blocks of `block_kv` keys into a `num_stages`-deep ring of
shared-memory buffers with TMA and barriers, while the consumers run Q·Kᵀ and P·V on the tensor
cores with an online softmax in float32.

Two ways of cutting the rows into tiles (`tiles=`):
* "global": tile n is tokens [n * bm / G, (n + 1) * bm / G) of the whole batch. A tile may cover
  the end of one sequence and the start of the next; it then runs each sequence's keys in turn with
  the other rows masked. Queries are read and outputs written by TMA straight from and into q and
  the result (G copies of 64 / G token rows per warpgroup: no transposes or scatter). Used
  for prefill, where tiles are long and sequences rarely share one. CTAs run from the last tile
  (the heaviest of one sequence), or with `tile_order="cost"` by key steps, heaviest first
  (plan.global_tile_order, ranked in XLA), or with "position" in that order as estimated at
  trace time from `max_extend_len` (plan.position_tile_order, a constant), which evens out
  small batches of several sequences. With `persistent_ctas` = n, n CTAs run those items
  (tile, KV head), dealt at trace time by a list schedule on estimated costs, the last one or
  more waves' worth of items heaviest first (plan.persistent_deal, plan.deal_waves; a constant
  appended to order_ref), one after another, the producer's K/V ring running on across them.
  Each consumer loads its next item's queries as soon as its last Q·Kᵀ is done and stores its
  output in EPI_COLS-column chunks through two buffers of its own (16 KB per consumer)
  meanwhile. Saves the launch and set-up of a CTA per item and the wait for its queries, and
  ends the launch more evenly (A/B against one CTA per item: chunk 32x512/0 97 -> 88-89 us,
  16x1024/0 149 -> 141-143, head_dim 128 prefill_long 908-917 -> 890-902;
  benchmarks/results/logs/extend_attention_session18/); a static deal is only as even as the
  estimate, which the rule checks.
* "sequence": tiles never cross a sequence: sequence b's tiles start at its first token rounded
  down to a multiple of 8 (so q is read by the same TMA boxes; rows of the neighbour are masked).
  Without a split, each warpgroup writes exactly its sequence's rows straight into the result
  (shared memory -> TMA boxes of power-of-two row counts), and the first tile of each sequence
  writes zeros over the rows after it that no sequence owns (padding, tokens past
  max_extend_len). With `num_splits > 1` CTAs share a tile's key steps (flash decoding) and write
  packed partial rows that `plan.merge_split_tiles` merges in XLA. Used for decode / speculative
  verify, where a sequence has 1-16 tokens over a long prefix: a CTA per (sequence, KV head)
  comes straight from the grid, with no index arrays built in XLA (plan.py).

Key steps of one sequence: the prefix blocks its rows can see (positions [lo, hi], whole
`block_kv`-aligned blocks of the paged cache, only from the first block inside the sliding window),
then the extend blocks of its own new tokens up to its last row (causal); per-sequence tiles run
the extend blocks first (`step_block`: their loads need no page-table entry). A prefix block is
loaded as `block_kv // rows_per_copy` TMA copies (one per page when pages are smaller than the
block); a copy that would start past the sequence's valid keys is redirected to the block's first
copy, so unused pages are never read. An extend block, whose rows lie next to each other in k and
v, is one copy (the ring barrier's other arrivals are plain ones): against per-page copies it
measured 0.8-1.9% faster at head_dim 256 (prefill_long, chunks) and 4.6-4.7% on head_dim 128
prefill_long, the producer's TMA issue rather than the bytes (loading half of every block saved
2.0-3.1%; benchmarks/results/logs/extend_attention_session17/ablate_kv.json).

Contract beyond DESIGN.md §2 (the XLA path has none): cache slots past `prefix_lens[b]` in the
sequence's last partly filled page, and the rows of k/v up to block_kv - 1 past a sequence's last
token (the next sequence's, or padding tokens), are read and masked, so they must hold finite
values (any finite value; a JAX KV cache that is written by scatter always does). Unused pages may
hold anything, NaN included.

This file holds the kernel and its wrapper; beside it: `schedule.py` (a CTA's items and key steps,
which producer and consumers both walk), `plan.py` (metadata built in XLA, and the trace-time
launch order and deal), `support.py` (what a config supports, also read by the rule).
"""

from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

from pallas_kernels import _mgpu
from pallas_kernels.extend_attention import plan
from pallas_kernels.extend_attention.config import WG_ROWS as _WG_ROWS
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig
from pallas_kernels.extend_attention.plan import ALIGN, needs_repaging
from pallas_kernels.extend_attention.reference import sequence_bounds
from pallas_kernels.extend_attention.schedule import (Static, cta_item, segment, split_range,
                                                      step_block)
from pallas_kernels.extend_attention.support import unsupported_reason

__all__ = ["extend_attention_pallas"]

_F32 = jnp.float32
_LOG2E = math.log2(math.e)
_NEG = -1e9              # query position of rows outside the current sequence: sees no key
_BIG_COL = float(1 << 30)   # a column bound past every column of a key block (either side)


def _kernel(tile_ref, order_ref, seq_ref, prefix_ref, page_table_ref, q_ref, k_ref, v_ref,
            kc_ref, vc_ref, out_ref, lse_ref, scratch, *, st: Static):
  (qo_smem, stage_smem, k_smem, v_smem, lse_smem), (k_full, v_full, q_full), \
      (k_free, v_free) = scratch
  bk, stages, rpc = st.block_kv, st.num_stages, st.rows_per_copy
  copies = bk // rpc
  wg = lax.axis_index("wg")
  split = lax.axis_index("split") if st.num_splits > 1 else jnp.int32(0)
  seg_refs = (seq_ref, prefix_ref)   # qo_indptr, or (start, ext, prefix) triples: see `seq_bounds`
  tpw = st.tokens_per_wg
  if st.ctas:          # plan.persistent_deal: this CTA's item count, then its items
    cta = lax.axis_index("tile")
    my_items = order_ref[st.deal_at + cta]
    item_of = lambda k: cta_item(tile_ref, order_ref, seg_refs, st,
                              order_ref[st.deal_at + st.ctas + cta * st.deal_slots + k])
  else:
    item_of = lambda k: cta_item(tile_ref, order_ref, seg_refs, st)

  def for_each_item(body, count):
    """body(k, item, count) -> count over this CTA's items (one unless persistent)."""
    if not st.ctas:
      return body(0, item_of(0), count)
    return lax.fori_loop(0, my_items, lambda k, c: body(k, item_of(k), c), count)

  def for_each_step(item, body, carry, per_segment=lambda seg: seg, count=jnp.int32(0)):
    """Runs body(step_count, b, seg, i, carry) over this CTA's key steps, segment by segment;
    `per_segment` adds loop-invariant values to a segment's facts once, outside its step loop."""
    def seg_body(b, carry):
      count, inner = carry
      seg = per_segment(segment(b, item.tok0, seg_refs, st))
      lo, hi = split_range(seg["n_prefix"] + seg["n_ext"], split, st.num_splits)

      def step(i, c):
        count, inner = c
        return count + 1, body(count, b, seg, i, inner)
      return lax.fori_loop(lo, hi, step, (count, inner))
    return lax.fori_loop(item.seg_lo, item.seg_hi + 1, seg_body, (count, carry))

  @pl.when(wg == st.consumers)
  def _producer():
    plgpu.set_max_registers(40, action="decrease")

    def issue(h, count, b, seg, i, carry):
      is_prefix, j = step_block(seg, i, st)

      def fill(k_src, v_src, boxes):
        """K, then V, of this step into their ring slot, each once the consumers have released
        it (with `overlap` a consumer holds a block's V one step longer than its K): `boxes`
        TMA copies of bk / boxes rows, src(c) the source of copy c; the slot's barrier expects
        `copies` arrivals, so fewer boxes add plain ones."""
        rows = bk // boxes
        for smem, free, full, src in ((k_smem, k_free, k_full, k_src),
                                      (v_smem, v_free, v_full, v_src)):
          slot = _mgpu.producer_slot(count, free, stages)
          for c in range(boxes):
            plgpu.copy_gmem_to_smem(src(c), smem.at[slot, pl.ds(c * rows, rows)], full.at[slot])
          for _ in range(copies - boxes):
            plgpu.barrier_arrive(full.at[slot])

      @pl.when(is_prefix)
      def _():
        pages = []                        # looked up once for K and V, before the waits
        for c in range(copies):
          kp = j * bk + c * rpc
          kp = jnp.where(kp < seg["prefix"], kp, j * bk)      # never read past the prefix
          page = page_table_ref[b * st.max_pages + lax.div(kp, st.page_size)]
          if st.page_size <= bk:
            offset = 0                                        # whole pages
          else:                                               # a block-aligned slice of a page
            offset = lax.rem(lax.div(kp, bk), st.page_size // bk) * bk
          pages.append((jnp.clip(page, 0, st.num_pages - 1), pl.ds(offset, rpc)))
        fill(lambda c: kc_ref.at[pages[c] + (h,)], lambda c: vc_ref.at[pages[c] + (h,)],
             copies)

      @pl.when(jnp.logical_not(is_prefix))
      def _():          # one box from an 8-aligned global token row; rows past the sequence
        rows = (pl.ds(seg["base"] + j * bk, bk), h)     # (finite, see above) are masked
        fill(lambda c: k_ref.at[rows], lambda c: v_ref.at[rows], 1)
      return carry

    total = for_each_item(
        lambda k, item, count: for_each_step(item, functools.partial(issue, item.h), None,
                                             count=count)[0], jnp.int32(0))
    for free in (k_free, v_free):         # the last fills' releases, so every phase is observed
      _mgpu.producer_drain(total, free, stages)

  @pl.when(wg < st.consumers)
  def _consumer():
    plgpu.set_max_registers(232, action="increase")
    qo = qo_smem.at[wg]

    def load_q(item):
      wg_tok = item.tok0 + wg * tpw
      for g in range(st.group):       # G boxes of tpw token rows, one per query head of the group
        plgpu.copy_gmem_to_smem(q_ref.at[pl.ds(wg_tok, tpw), item.h * st.group + g],
                                qo.at[pl.ds(g * tpw, tpw)], q_full.at[wg])

    with jax.named_scope("issue_q"):
      load_q(item_of(0))

    shape = (_WG_ROWS, bk)
    # Index arrays of a whole score tile are made where they are used, not once for the kernel:
    # kept live across the key loop they would hold bk / 2 registers each.
    iota = lambda dim: plgpu.broadcasted_iota(jnp.int32, shape, dim, layout=plgpu.Layout.WGMMA)
    scale = st.sm_scale * _LOG2E
    bcast = lambda x: lax.broadcast_in_dim(x, shape, [0])

    def row_positions(wg_tok, seg):
      """Each row's query position in this sequence (_NEG for rows of other sequences), as a
      float32 row vector: the masks below compare per row, not per element. Also, as scalars,
      whether all of this warpgroup's rows are in the sequence and their lowest and highest
      positions, which decide when a key block is visible to every row (no mask needed)."""
      row_tok = wg_tok + lax.rem(iota(0), tpw)
      in_seq = (row_tok >= seg["start"]) & (row_tok < seg["start"] + seg["ext"])
      qpos = jnp.where(in_seq, (seg["prefix"] - seg["start"] + row_tok).astype(_F32), _NEG)
      t_lo = jnp.maximum(wg_tok, seg["start"])
      t_hi = jnp.minimum(wg_tok + tpw, seg["start"] + seg["ext"]) - 1
      return dict(seg, qpos=qpos.max(axis=1),
                  all_in=(t_lo == wg_tok) & (t_hi == wg_tok + tpw - 1),
                  q_min=seg["prefix"] + t_lo - seg["start"],
                  q_max=seg["prefix"] + t_hi - seg["start"])

    def scores(s, seg, is_prefix, j):
      """Raw Q·Kᵀ of key block j -> scaled (log2 units), soft-capped, masked scores."""
      # Visible keys of each row are the positions [lo, hi]: causal, the window, and prefix
      # blocks below the prefix length / extend blocks at or above it (the latter may start
      # before the sequence: extend blocks are 8-row aligned in the global token index).
      prefix = seg["prefix"].astype(_F32)
      hi_cap = jnp.where(is_prefix, prefix - 1.0, jnp.inf)           # scalars: per block
      lo_floor = jnp.where(is_prefix, -jnp.inf, prefix)
      first = jnp.where(is_prefix, j * bk, seg["prefix"] + seg["base"] - seg["start"] + j * bk)
      # Every row sees every key of the block: skip the mask (most blocks of a long prefill).
      # Staged tiles store only their sequence's rows, so there the rows outside it may see
      # anything (finite: queries of other tokens or TMA zero fill, keys inside the prefix or
      # the sequence): a verify tile's prefix blocks skip the mask too (A/B, benchmarks/results/
      # logs/extend_attention_session37/ab_unmask*: verify_burst kernel 7.07-7.10 -> 6.89-6.96
      # us, hd128_verify_w1024 41.9 -> 40.5, hd128_verify_4k 132.4 -> 130.8).
      last_key = first + bk - 1
      unmasked = ((seg["all_in"] | st.staged) & (last_key <= seg["q_min"])
                  & jnp.where(is_prefix, last_key < seg["prefix"], first >= seg["prefix"]))
      if st.window is not None:
        unmasked &= first > seg["q_max"] - st.window

      def masked(s):
        # Each row's visible columns of this block, [lo, hi], as integer row vectors (from the
        # per-segment row positions; a bound past any column is clipped to +-2^30), compared
        # with the column index: no per-element key positions. Measured against the float
        # key-position form (A/B, benchmarks/results/logs/extend_attention_session16/
        # ab_intmask*.log): head_dim 128 prefill_long 970 -> 957 us, prefill_long 418 -> 416,
        # chunks and prefill_multi within 0.5%, verify within their spread (38.8-39.3 us).
        first_f = first.astype(_F32)
        bound = lambda x: jnp.clip(x - first_f, -_BIG_COL, _BIG_COL).astype(jnp.int32)
        col = iota(1)
        hi = bcast(bound(jnp.minimum(seg["qpos"], hi_cap)))
        if st.window is None:     # the same lower bound for every row
          lo = bound(lo_floor)
        else:
          lo = bcast(bound(jnp.maximum(seg["qpos"] - (st.window - 1), lo_floor)))
        return jnp.where((col <= hi) & (col >= lo), s, -jnp.inf)

      if st.logit_cap is None:
        s = s * scale
      else:
        s = (st.logit_cap * _LOG2E) * jnp.tanh(s * (st.sm_scale / st.logit_cap))
      return lax.cond(unmasked, lambda s: s, masked, s)

    def softmax(s, m_i, l_i):
      """Online-softmax update: the new running max and sum, the factor that rescales the
      accumulator, and P in the input dtype."""
      m_new = jnp.maximum(m_i, s.max(axis=1))
      m_use = jnp.where(m_new == -jnp.inf, 0.0, m_new)        # rows that saw nothing yet
      alpha = jnp.exp2(m_i - m_use)
      p = jnp.exp2(s - bcast(m_use))
      return m_new, l_i * alpha + p.sum(axis=1), alpha, p.astype(st.dtype)

    def rescale(acc, alpha):
      return acc * lax.broadcast_in_dim(alpha, acc.shape, [0])

    def qk(slot):
      def qk_scope(acc_ref):
        plgpu.wgmma(acc_ref, qo, k_smem.at[slot].transpose((1, 0)))
        return acc_ref[...]
      return pl.run_scoped(qk_scope, plgpu.ACC(shape, _F32))

    def pv(acc, p16, slot):
      """acc + P·V of the block in ring slot `slot` (waited for and released here)."""
      plgpu.barrier_wait(v_full.at[slot])
      if st.interpret:        # the interpreter has no run_state: add a fresh product instead
        def pv_scope(acc_ref):
          plgpu.wgmma(acc_ref, p16, v_smem.at[slot])
          return acc_ref[...]
        acc = acc + pl.run_scoped(pv_scope, plgpu.ACC(acc.shape, _F32))
      else:
        def pv_state(acc_ref):
          plgpu.wgmma(acc_ref, p16, v_smem.at[slot])
        acc = pl.run_state(pv_state)(plgpu.ACC.init(acc))
      plgpu.barrier_arrive(v_free.at[slot])
      return acc

    def step(count, b, seg, i, carry):   # named regions show in Mosaic GPU profiles
      acc, m_i, l_i = carry
      slot = lax.rem(count, stages)
      is_prefix, j = step_block(seg, i, st)
      with jax.named_scope("wait_k"):
        plgpu.barrier_wait(k_full.at[slot])
      with jax.named_scope("qk"):
        s = qk(slot)
      plgpu.barrier_arrive(k_free.at[slot])
      with jax.named_scope("softmax"):
        m_new, l_i, alpha, p16 = softmax(scores(s, seg, is_prefix, j), m_i, l_i)
      with jax.named_scope("pv"):
        return pv(rescale(acc, alpha), p16, slot), m_new, l_i

    def overlapped_step(count0, count, b, seg, i, carry):
      """Step `count` issues Q·Kᵀ of its block and P·V of the previous one (P carried in
      registers), waits for the former only, and runs this block's softmax while the P·V is
      on the tensor cores; the P·V of the last block follows the loop (the item's steps start
      at count0)."""
      acc, m_i, l_i, p_prev = carry
      slot, prev = lax.rem(count, stages), lax.rem(count + stages - 1, stages)
      is_prefix, j = step_block(seg, i, st)
      plgpu.barrier_wait(k_full.at[slot])

      def update(s, m_i, l_i):
        plgpu.barrier_arrive(k_free.at[slot])
        return softmax(scores(s, seg, is_prefix, j), m_i, l_i)

      def first(acc):                     # nothing to add yet (acc is still zero)
        m_new, l_new, _, p16 = update(qk(slot), m_i, l_i)
        return acc, m_new, l_new, p16

      def later(acc):
        if st.interpret:                  # no run_state or asynchrony: the same data flow
          s = qk(slot)
          m_new, l_new, alpha, p16 = update(s, m_i, l_i)
          return rescale(pv(acc, p_prev, prev), alpha), m_new, l_new, p16
        plgpu.barrier_wait(v_full.at[prev])

        def body(refs):
          o_ref, m_ref, l_ref, alpha_ref, p_ref = refs

          def s_scope(s_ref):
            plgpu.wgmma(s_ref, qo, k_smem.at[slot].transpose((1, 0)))
            plgpu.wgmma(o_ref, p_ref[...], v_smem.at[prev])
            return plgpu.wgmma_accumulator_load(s_ref, wait_n=1)  # Q·Kᵀ done, P·V in flight
          m_ref[...], l_ref[...], alpha_ref[...], p_ref[...] = update(
              pl.run_scoped(s_scope, plgpu.ACC(shape, _F32)), m_ref[...], l_ref[...])
        acc, m_new, l_new, alpha, p16 = pl.run_state(body)(
            (plgpu.ACC.init(acc), m_i, l_i, m_i, p_prev))
        plgpu.barrier_arrive(v_free.at[prev])
        return rescale(acc, alpha), m_new, l_new, p16
      return lax.cond(count > count0, later, first, acc)

    def next_queries(k):
      """Persistent CTAs: the next item's queries load into qo as soon as the last Q·Kᵀ has
      read it (the loop waited for that), during the last P·V and the epilogue, which stores
      through the chunk buffers instead. Issued in the last step instead, or with the next
      item's scalars read an item ahead, it measured slower (session 18, run111)."""
      if st.ctas:
        pl.when(k + 1 < my_items)(lambda: load_q(item_of(k + 1)))

    def run_item(k, item, count0):
      h = item.h
      wg_tok = item.tok0 + wg * tpw
      if st.staged:
        _zero_unowned_rows(stage_smem.at[wg], out_ref, seq_ref, item.seg_lo, item.bounds, h,
                           (item.part == 0) & (wg == 0), st)
      with jax.named_scope("wait_q"):   # named regions show in Mosaic GPU profiles
        plgpu.barrier_wait(q_full.at[wg])
      m_i = plgpu.layout_cast(jnp.full((_WG_ROWS,), -jnp.inf, _F32), plgpu.Layout.WGMMA.reduce(1))
      l_i = plgpu.layout_cast(jnp.full((_WG_ROWS,), 0.0, _F32), plgpu.Layout.WGMMA.reduce(1))
      acc = plgpu.layout_cast(jnp.full((_WG_ROWS, st.head_dim), 0.0, _F32), plgpu.Layout.WGMMA)
      if st.overlap:
        p16 = plgpu.layout_cast(jnp.zeros(shape, st.dtype), plgpu.Layout.WGMMA)
        total, (acc, m_i, l_i, p16) = for_each_step(
            item, functools.partial(overlapped_step, count0), (acc, m_i, l_i, p16),
            per_segment=functools.partial(row_positions, wg_tok), count=count0)
        next_queries(k)
        acc = lax.cond(total > count0, lambda a: pv(a, p16, lax.rem(total - 1, stages)),
                       lambda a: a, acc)
      else:
        total, (acc, m_i, l_i) = for_each_step(
            item, step, (acc, m_i, l_i), per_segment=functools.partial(row_positions, wg_tok),
            count=count0)
        next_queries(k)

      with jax.named_scope("epilogue"):   # named regions show in Mosaic GPU profiles
        seen = l_i > 0.0
        inv = jnp.where(seen, 1.0 / jnp.where(seen, l_i, 1.0), 0.0)     # rows that saw nothing: 0
        with jax.named_scope("normalize"):
          out = (acc * lax.broadcast_in_dim(inv, acc.shape, [0])).astype(st.dtype)
        if st.staged:     # exactly the sequence's rows of this warpgroup, G boxes per row range
          stage = stage_smem.at[wg]
          start, ext, _ = item.bounds
          lo = jnp.clip(start - wg_tok, 0, tpw)
          hi = jnp.clip(start + ext - wg_tok, 0, tpw)
          # Only the rows the boxes read (each head's [lo, hi)), by predicated stores: the whole
          # tile's WGMMA-layout stores into this unswizzled buffer conflict 8-way (A/B,
          # benchmarks/results/logs/extend_attention_session22/ab_masked_run141.log: verify_burst
          # kernel 9.12-9.17 -> 8.25-8.28 us, verify_chat 37.75-37.96 -> 37.48-37.50; the stage
          # 2137 -> 793 cycles in profile_verify_run140/141).
          with jax.named_scope("stage"):
            _mgpu.store_rows_direct(out, stage, lo, hi, period=tpw, interpret=st.interpret)
            plgpu.commit_smem()
          for g in range(st.group):
            def copy(off, rows, g=g):
              plgpu.copy_smem_to_gmem(stage.at[pl.ds(g * tpw + lo + off, rows)],
                                      out_ref.at[pl.ds(wg_tok + lo + off, rows), h * st.group + g])
            # A sequence has at most max_extend_len rows: boxes of up to that many (verify_burst:
            # 4, 2, 1 rather than 32 ... 1; run250 in extend_attention_session37: -0.1 us).
            with jax.named_scope("boxes"):
              _mgpu.power_of_two_boxes(copy, jnp.maximum(hi - lo, 0), min(tpw, st.max_extend))
        elif st.packed:
          qo[...] = out
          lse_smem.at[wg][...] = jnp.where(seen, m_i + jnp.log2(jnp.where(seen, l_i, 1.0)),
                                           -jnp.inf)
          plgpu.commit_smem()
          rows = item.n * (st.consumers * _WG_ROWS) + wg * _WG_ROWS
          plgpu.copy_smem_to_gmem(qo, out_ref.at[split, h, pl.ds(rows, _WG_ROWS)])
          plgpu.copy_smem_to_gmem(lse_smem.at[wg], lse_ref.at[split, h, pl.ds(rows, _WG_ROWS)])
        elif st.ctas:     # as below, in EPI_COLS-column chunks through two buffers (qo is loading)
          def send(buf, c, _):
            for g in range(st.group):
              plgpu.copy_smem_to_gmem(
                  buf.at[pl.ds(g * tpw, tpw)],
                  out_ref.at[pl.ds(wg_tok, tpw), h * st.group + g,
                             pl.ds(c * _mgpu.EPI_COLS, _mgpu.EPI_COLS)], commit_group=False)
            plgpu.commit_smem_to_gmem_group()
          _mgpu.store_chunks(out, stage_smem.at[wg], k * (st.head_dim // _mgpu.EPI_COLS), send)
        else:             # global tiles own every row of their tokens, padding included
          qo[...] = out
          plgpu.commit_smem()
          for g in range(st.group):
            plgpu.copy_smem_to_gmem(qo.at[pl.ds(g * tpw, tpw)],
                                    out_ref.at[pl.ds(wg_tok, tpw), h * st.group + g])
      return total

    for_each_item(run_item, jnp.int32(0))
    plgpu.wait_smem_to_gmem(0, wait_read_only=True)   # shared memory must outlive the reads only


def _zero_unowned_rows(stage, out_ref, indptr_ref, seq, bounds, h, first, st: Static):
  """Staged sequence tiles write only their sequences' rows; the rows no sequence computes
  (after a sequence's last computed token up to the next sequence's start or T, and before the
  first sequence) must read zeros. The first tile of each sequence writes them for its KV head's
  query heads; in a well-formed batch there are none, and this costs one scalar load (the next
  sequence's start) and a few compares."""
  start, ext, _ = bounds
  end = start + ext
  nxt = jnp.where(seq == st.num_seqs - 1, st.num_tokens,
                  jnp.maximum(jnp.minimum(indptr_ref[seq + 1], st.num_tokens), end))
  n_tail = jnp.where(first, nxt - end, 0)
  n_head = jnp.where(first & (seq == 0), start, 0)

  @pl.when((n_tail > 0) | (n_head > 0))
  def _():
    stage[...] = plgpu.layout_cast(jnp.zeros(stage.shape, st.dtype), plgpu.Layout.WGMMA)
    plgpu.commit_smem()
    for base, count in ((end, n_tail), (jnp.int32(0), n_head)):
      def chunk(c, carry, base=base, count=count):
        t0 = base + c * _WG_ROWS
        for g in range(st.group):
          def copy(off, rows, g=g):
            plgpu.copy_smem_to_gmem(stage.at[pl.ds(0, rows)],
                                    out_ref.at[pl.ds(t0 + off, rows), h * st.group + g])
          _mgpu.power_of_two_boxes(copy, jnp.minimum(count - c * _WG_ROWS, _WG_ROWS), _WG_ROWS)
        return carry
      lax.fori_loop(0, pl.cdiv(count, _WG_ROWS), chunk, None)
    plgpu.wait_smem_to_gmem(0, wait_read_only=True)     # before the stage holds the output


def _call_kernel(tile_info, order, qo_indptr, prefix_lens, page_table, q_p, k, v, k_cache,
                 v_cache, *, st: Static, interpret):
  num_kv_heads = k.shape[1]
  bk, d = st.block_kv, st.head_dim
  transforms = _mgpu.swizzled(st.dtype)
  if st.packed:                                        # packed partial rows per split
    out_type = jax.ShapeDtypeStruct((st.num_splits, num_kv_heads, st.num_tiles * st.consumers
                                     * _WG_ROWS, d), st.dtype)
  elif st.staged:                                      # the result, exact rows
    out_type = jax.ShapeDtypeStruct((st.num_tokens,) + q_p.shape[1:], st.dtype)
  else:                                                # the result over q's padded token rows
    out_type = jax.ShapeDtypeStruct(q_p.shape, st.dtype)
  lse_rows = out_type.shape[2] if st.packed else _WG_ROWS     # unused without splits
  out_types = [out_type, jax.ShapeDtypeStruct((st.num_splits, num_kv_heads, lse_rows), _F32)]

  def entry(tile_ref, order_ref, seq_ref, prefix_ref, pt_ref, q_ref, k_ref, v_ref, kc_ref,
            vc_ref, out_ref, lse_ref):
    qo_shape = (st.consumers, _WG_ROWS, d)
    smem = (plgpu.SMEM(qo_shape, st.dtype, transforms=transforms),
            (plgpu.SMEM(qo_shape, st.dtype) if st.staged else       # (one at most)
             plgpu.SMEM((st.consumers, 2, _WG_ROWS, _mgpu.EPI_COLS), st.dtype,
                        transforms=transforms) if st.ctas else ()),
            plgpu.SMEM((st.num_stages, bk, d), st.dtype, transforms=transforms),
            plgpu.SMEM((st.num_stages, bk, d), st.dtype, transforms=transforms),
            plgpu.SMEM((st.consumers, _WG_ROWS), _F32) if st.packed else ())
    copies = bk // st.rows_per_copy
    full = (plgpu.Barrier(num_arrivals=copies, num_barriers=st.num_stages),
            plgpu.Barrier(num_arrivals=copies, num_barriers=st.num_stages),
            plgpu.Barrier(num_arrivals=st.group, num_barriers=st.consumers))
    free = (plgpu.Barrier(num_arrivals=st.consumers, num_barriers=st.num_stages),) * 2
    pl.run_scoped(
        lambda *scratch: _kernel(tile_ref, order_ref, seq_ref, prefix_ref, pt_ref, q_ref, k_ref,
                                 v_ref, kc_ref, vc_ref, out_ref, lse_ref, scratch, st=st),
        smem, full, free, collective_axes="wg")

  kwargs = {}
  if interpret:
    from jaxkern import _compat
    _compat.patch_mosaic_gpu_interpreter()
    kwargs["interpret"] = _compat.interpret_gpu_params(detect_races=True)
  grid = ((st.ctas, 1) if st.ctas else
          (st.num_tiles, num_kv_heads) + ((st.num_splits,) if st.num_splits > 1 else ()))
  names = ("tile", "head") + (("split",) if st.num_splits > 1 else ())
  out, lse = plgpu.kernel(
      entry, out_type=out_types, grid=grid, grid_names=names, num_threads=st.consumers + 1,
      thread_name="wg", compiler_params=plgpu.CompilerParams(approx_math=True), **kwargs,
  )(tile_info, order, qo_indptr, prefix_lens, page_table, q_p, k, v, k_cache, v_cache)
  return out, lse


def extend_attention_pallas(q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, *,
                            sm_scale=None, sliding_window=None, logit_cap=None,
                            max_extend_len=None,
                            config: ExtendAttentionPallasConfig = ExtendAttentionPallasConfig(),
                            interpret: bool = False):
  """The Mosaic GPU kernel behind `jaxkern.extend_attention(impl="pallas")`; same signature and
  semantics as `extend_attention_xla` (see the module docstring for the cache contract)."""
  num_tokens, num_q_heads, head_dim = q.shape
  num_kv_heads = k.shape[1]
  group = num_q_heads // num_kv_heads
  reason = unsupported_reason(config, head_dim=head_dim, dtype=jnp.dtype(q.dtype).name,
                              num_q_heads=num_q_heads, num_kv_heads=num_kv_heads)
  if reason is not None:
    raise NotImplementedError(f"extend_attention(impl='pallas'): {reason}")
  max_ext = num_tokens if max_extend_len is None else int(max_extend_len)
  if sm_scale is None:
    sm_scale = 1.0 / math.sqrt(head_dim)
  num_seqs, max_pages = page_table.shape
  page_size = k_cache.shape[1]
  max_prefix = max_pages * page_size
  visible = plan.visible_prefix(max_prefix, sliding_window, page_size)
  bk = config.block_kv
  qo_indptr = qo_indptr.astype(jnp.int32)
  prefix_lens = prefix_lens.astype(jnp.int32)
  if max_pages == 0:                                   # no cache at all: one unused dummy page
    k_cache = jnp.zeros((1, bk) + k_cache.shape[2:], k_cache.dtype)
    v_cache, page_table, page_size = k_cache, jnp.zeros((num_seqs, 1), jnp.int32), bk
  elif needs_repaging(page_size, bk):
    k_cache, v_cache, page_table = plan.repaged(
        k_cache, v_cache, page_table, jnp.clip(prefix_lens, 0, max_prefix), bk, sliding_window)
    page_size = bk
  page_table = page_table.astype(jnp.int32)

  tile_tokens = config.consumers * (_WG_ROWS // group)
  bounds = dict(num_tokens=num_tokens, max_extend_len=max_ext, max_prefix=max_prefix)
  # q is read (and global tiles write the result) by TMA boxes of whole 8-row tiles; boxes may run
  # past T, where the GPU's TMA reads zeros and drops stores. The interpreter does neither, so it
  # gets the rows explicitly.
  q_rows = -(-num_tokens // ALIGN) * ALIGN
  if config.tiles == "global":
    tiling = None
    num_tiles, tiles_per_seq, dense = -(-num_tokens // tile_tokens), 0, False
    # the tiles' sequences and every sequence's bounds (see `bounds`), one XLA kernel
    tile_info = plan.global_tile_meta(qo_indptr, prefix_lens, num_tokens=num_tokens,
                                      tile_tokens=tile_tokens, num_tiles=num_tiles,
                                      max_extend_len=max_ext, max_prefix=max_prefix)
    if interpret:
      q_rows = num_tiles * tile_tokens
  else:
    tiling = plan.sequence_tiling(num_tokens=num_tokens, num_seqs=num_seqs,
                                  max_extend_len=max_ext, tile_tokens=tile_tokens)
    tile_info = (jnp.zeros((1,), jnp.int32) if tiling.dense else
                 plan.sequence_tile_list(tiling, qo_indptr, prefix_lens, **bounds))
    num_tiles, tiles_per_seq, dense = tiling.num_tiles, tiling.tiles_per_seq, tiling.dense
    if interpret:
      q_rows += (tiles_per_seq + 1) * tile_tokens
  q_p = jnp.pad(q, ((0, q_rows - num_tokens), (0, 0), (0, 0))) if q_rows > num_tokens else q

  rows_per_copy = min(page_size, bk)
  # TMA needs the token dimension of k/v in whole 8-row tiles. A copy (one block_kv box per
  # extend block) may also run past T, where the GPU's TMA reads zeros; the interpreter has no
  # such fill, so it gets the zeros explicitly.
  pad = -num_tokens % ALIGN + (bk if interpret else 0)
  if pad:
    k, v = (jnp.pad(x, ((0, pad), (0, 0), (0, 0))) for x in (k, v))
  ctas = min(config.persistent_ctas, num_tiles * num_kv_heads) if config.tiles == "global" else 0
  # order_ref: the global tiles' launch ranking (none for the index order; "position" a constant,
  # "cost" ranked in XLA; one sequence's index order is heaviest first already), then the
  # persistent CTAs' deal of the items of that order, made at trace time (see _kernel).
  ranked = config.tile_order != "index" and num_seqs > 1
  if not ranked:
    ranking = np.zeros((1,), np.int32)
  elif config.tile_order == "position":
    ranking = plan.position_tile_order(num_tiles=num_tiles, tile_tokens=tile_tokens,
                                       seq_tokens=min(max_ext, num_tokens))
  else:
    ranking = plan.global_tile_order(sequence_bounds(qo_indptr, prefix_lens, **bounds),
                                     num_tiles=num_tiles, tile_tokens=tile_tokens, block_kv=bk,
                                     window=sliding_window)
  order, deal = ranking, None
  if ctas:
    prefix_steps = -(-visible // bk)
    steps = plan.launch_steps(tile_order=config.tile_order if ranked else "index",
                              num_tiles=num_tiles, num_kv_heads=num_kv_heads,
                              tile_tokens=tile_tokens, seq_tokens=min(max_ext, num_tokens),
                              block_kv=bk, prefix_steps=prefix_steps, window=sliding_window)
    deal = plan.kernel_deal(steps, ctas, block_kv=bk, head_dim=head_dim,
                            consumers=config.consumers, prefix_steps=prefix_steps,
                            waves=config.deal_waves)
    order = (np if isinstance(ranking, np.ndarray) else jnp).concatenate([ranking, deal])
  st = Static(tiles=config.tiles, num_tiles=num_tiles, tiles_per_seq=tiles_per_seq,
               dense=dense, num_tokens=num_tokens,
               num_seqs=num_seqs, max_extend=max_ext, max_prefix=max_prefix, group=group,
               head_dim=head_dim, page_size=page_size, num_pages=k_cache.shape[0],
               max_pages=page_table.shape[1], block_kv=bk, rows_per_copy=rows_per_copy,
               num_stages=config.num_stages, consumers=config.consumers,
               num_splits=config.num_splits, sm_scale=float(sm_scale), window=sliding_window,
               logit_cap=None if logit_cap is None else float(logit_cap),
               dtype=jnp.dtype(q.dtype), packed=config.packed_output,
               bounds_in_kernel=config.tiles == "sequence",
               staged=config.staged_output, interpret=interpret,
               ranked=ranked, overlap=config.overlap, ctas=ctas, kv_heads=num_kv_heads,
               deal_at=ranking.shape[0],
               deal_slots=0 if deal is None else (deal.shape[0] - ctas) // ctas,
               bounds_at=2 * num_tiles if config.tiles == "global" else 0)
  if not st.bounds_in_kernel:         # (start, ext, prefix) per sequence in tile_info
    qo_indptr = tile_info
  out, lse = _call_kernel(tile_info, jnp.asarray(order), qo_indptr, prefix_lens, page_table.reshape(-1), q_p,
                          k, v, k_cache, v_cache, st=st, interpret=interpret)
  if st.packed:
    return plan.merge_split_tiles(out, lse, tiling, qo_indptr, prefix_lens, group=group,
                                  dtype=q.dtype, **bounds)
  # Global tiles wrote every row (rows of padding tokens saw no key: zeros); staged sequence
  # tiles wrote every row of [0, T) (their sequences' rows, zeros elsewhere).
  return out if st.staged else out[:num_tokens]
