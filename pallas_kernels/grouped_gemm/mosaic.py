"""Grouped GEMM as a Mosaic GPU kernel for Hopper (wgmma + TMA, warp-specialized, persistent).

Both layouts become one problem: rows of a flat lhs [R, K] (the contiguous lhs, or the masked
lhs [G, M_max, K] with its groups laid end to end), where group g owns rows [start_g, end_g).
Rows owned by no group are written as zeros (with invalid_rows="unwritten": need not be).

- Units: CTA tiles of block_m x block_n, at fixed row offsets (tiles="rows": a tile across a
  group boundary runs both groups' K loops) or inside one row segment each (tiles="groups": a
  group, or a stretch of rows no group owns, written exactly). The segments' bounds come from
  XLA once per call (`plan.launch_meta`), or from the kernel itself (masked row tiles with
  M_max a multiple of block_m read masked_m; a few contiguous groups: `support.kernel_meta`).
- Persistent: one CTA per SM runs the units dealt to it (`plan.Deal`, banded so a group's
  tiles read its weights together; the last units as column pieces or, with stream-K, K ranges
  summed through global memory: `plan.StreamDeal`).
- Warp-specialized: a producer warpgroup finds each unit's tile (`plan.Meta`, handed over
  through a small ring in shared memory) and streams (lhs, rhs) K blocks into a num_stages ring
  across units; two consumer warpgroups share a tile by rows or columns, each releasing a slot
  when the wgmma that read it completes.
- Epilogue (`epilogue.py`): SwiGLU; the tile out in 64-column chunks through one or two
  buffers per consumer (group tiles: exactly their segment's rows, and their stores deferred
  to the next unit's K steps where `support.deferred_stores` says, so the tensor cores run
  through them).
- fp8 e4m3 with DeepGEMM's 1D2D scales: K steps of 128, each step's product promoted into the
  float32 running sum times its row and block scales; the weights read K-major.
- Completion signals (return_signals=True, masked row tiles): per (group, row block) counters,
  each increment published with release ordering once its tile's stores have completed in
  global memory.

README.md beside this file is the long form: how each part works and the measurements behind
each choice (what won, what lost and by how much). This file holds the kernel and its wrapper;
beside it: `plan.py` (the tile metadata and the deal), `support.py` (what a config supports and
which features it turns on, also read by the rule) and `epilogue.py`.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

from pallas_kernels import _mgpu
from pallas_kernels.grouped_gemm import plan as plan_module   # MIN_STREAM_STEPS
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig
from pallas_kernels.grouped_gemm.epilogue import FLUSH_SPACING, Pending, epilogue, segment_send
from pallas_kernels.grouped_gemm.plan import (Deal, Meta, StreamDeal, launch_meta, piece_counts,
                                              work_item)
from pallas_kernels.grouped_gemm.static import Static
from pallas_kernels.grouped_gemm.reference import (check_invalid_rows, check_lhs_scale_layout,
                                                   check_rhs_layout, swap_kn)
from pallas_kernels.grouped_gemm.support import (FP8, SCALE_BLOCK, TILE_RING, TILE_SLOT,
                                                 SignalConsumer, column_parts, deferred_stores,
                                                 epilogue_buffers, exact_starts, half_tiles,
                                                 kernel_meta, reads_masked_m, signals_reason,
                                                 tail_split, unsupported_reason)

__all__ = ["grouped_gemm_pallas"]

_F32 = jnp.float32
GATHER_COLS = 128    # stream-K: columns of a unit's partial sums added at a time (`exchange`)


def _kernel(groups_ref, bounds_ref, lhs_ref, rhs_ref, lscale_ref, rscale_ref, out_ref, sig_ref,
            ws_ref, cnt_ref, scratch, *, st: Static):
  from jaxkern import _compat        # here: jaxkern's package imports this module
  meta = Meta(groups_ref, bounds_ref, st.block_m, st.num_groups, segments=st.segments,
              by_group=st.by_group, m_max=st.m_max, sizes=st.kernel_meta, rows=st.rows,
              exact_starts=st.exact_starts)
  a_ring, b_ring, o_ring, s_smem, t_smem, full, free, done, t_full, t_free = scratch
  a_smem, a_load = _mgpu.ring_views(a_ring, untiled=st.untiled_lhs)
  b_smem, b_load = _mgpu.ring_views(b_ring, untiled=st.untiled_rhs)
  o_views = _mgpu.ring_views(o_ring, untiled=st.untiled_out,   # (registers write, TMA stores)
                             swizzle=not st.row_stores)
  stages, bk = st.num_stages, st.block_k
  part_n = st.block_n // st.parts         # rhs columns of one part (= output columns) per tile
  cta, wg = lax.axis_index("cta"), lax.axis_index("wg")
  # Row tiles in use: tiles="groups" uses fewer than m_tiles, the groups' tiles first, then the
  # zero segments' (the running tile counts say how many of each)
  used, work_tiles = meta.counts() if st.by_group else (st.m_tiles, st.m_tiles)
  # Row tiles (no zero units) snake: a masked group's tile of rows and its tile past masked_m
  # alternate along the order, which C + c would deal to CTAs of one parity each; where a group
  # has several row tiles (M_max > block_m), the last, partial round too (`Deal`).
  deal = (StreamDeal.of(work_tiles * st.n_tiles, (used - work_tiles) * st.n_tiles,
                        st.num_ctas, st.k_steps, st.stream_steps) if st.stream_k else
          Deal.of(work_tiles * st.n_tiles, (used - work_tiles) * st.n_tiles, st.num_ctas,
                  st.tail_split, snake=not st.by_group, snake_last=st.m_max > st.block_m))
  my_units = deal.count(cta)

  def group_steps(g, span, last=None):
    """(start, end, K steps) of group or segment g in a unit's `span` of K steps: an empty
    group, a segment of rows no group owns (g >= G, tiles="groups") and, given `last`, a g past
    it run none."""
    start, end = meta.segment(g)
    real = (end > start) & (g < st.num_groups)
    return start, end, jnp.where(real if last is None else real & (g <= last),
                                 span.k_hi - span.k_lo, 0)

  def for_each_group(g_lo, g_hi, span, body, carry):
    """body(g, start, end, k_steps, carry) over groups g_lo..g_hi of a row tile."""
    return lax.fori_loop(g_lo, g_hi + 1,
                         lambda g, carry: body(g, *group_steps(g, span), carry), carry)

  @pl.when(wg == 2)
  def _producer():
    plgpu.set_max_registers(40, action="decrease")

    def issue_unit(i, count):       # a column piece of a unit loads the whole unit's operands
      m, n, _, _, span = work_item(i, cta, deal, work_tiles, used, st)
      g_lo, g_hi, tile_row = tile = meta.tile(m)
      # The tile for the consumers, through a ring in shared memory: the search's dependent
      # loads stay off their path (they read it while the unit's first loads are in flight).
      slot = _mgpu.producer_slot(i, t_free, TILE_RING)
      for f, value in enumerate(tile):
        t_smem[TILE_SLOT * slot + f] = value
      plgpu.barrier_arrive(t_full.at[slot])
      return for_each_group(g_lo, g_hi, span,
                            functools.partial(issue, st.tile_row(tile_row), n, span), count)

    def issue(row0, n, span, g, start, end, k_steps, count):
      del start
      # Each group's K loop loads the tile's lhs rows only up to the group's (segment's) last
      # one, as one box of a power-of-two number of 8-row tiles (one copy: the slot's barrier
      # counts copies); the slot's other rows keep stale data, whose products are rows of other
      # groups or of none: a row tile keeps only the group's rows of them (`group`), a group
      # tile stores only its segment's. The rows are never needed, so they are not read. H200,
      # one process, kernel us: masked row tiles
      # (logs/grouped_gemm_session33/ab_boxes_run223.json, 2 rounds): Gm_decode_gu 267.4-267.7
      # -> 257.8-257.9, Gm_decode_dn 143.0-143.3 -> 141.4-141.7, DS_G16_m64_gu 227.8-228.2 ->
      # 224.1-224.2, DS_G16_m32_dn 122.9-123.0 -> 123.2-123.4. Group tiles, whose segment's last
      # tile is partial (logs/grouped_gemm_session43/, runs 306-307, 2 rounds): Gm_prefill_gu
      # 831.9-839.7 -> 806.4-808.5, Gm_prefill_dn 400.4 -> 396.3-397.0, Gm_prefill_gu/fp8
      # 529.3-530.7 -> 518.5-518.8, Gm_decode_gu 234.3-234.7 -> 231.2, DS_G16_m64_gu/fp8
      # 129.4-129.9 -> 127.7-128.8; DS_G16_m64_gu, DS_G16_m32_dn, Gm_decode_dn level.
      # Contiguous row tiles (session 43's review, logs/review_session43/run311, 2 rounds):
      # DS_prefill_G16_M16384_gu/swiglu 1653.1 -> 1631.3-1637.7, DS_G1_m1024_dn level (48.3-48.5).
      # With config.lhs_boxes="exact" the rows are exactly the group's 8-row tiles, as boxes of
      # their count's binary digits (`_mgpu.power_of_two_boxes`), a plain arrival on the slot's
      # barrier for each digit not taken (the barrier counts one per digit).
      if st.exact_boxes:
        tiles8 = jnp.clip(lax.div(end - row0 + 7, 8), 1, st.block_m // 8)
      else:
        boxes = _mgpu.row_boxes(st.block_m)
        box = _mgpu.row_box(end - row0, boxes)

      def load_lhs(kk, slot, rows, off=0):
        plgpu.copy_gmem_to_smem(lhs_ref.at[pl.ds(row0 + off, rows), pl.ds(kk * bk, bk)],
                                a_load.at[slot] if rows == st.block_m else
                                a_load.at[slot, pl.ds(off, rows)], full.at[slot])

      def step(kk, count):
        slot = _mgpu.producer_slot(count, free, stages)
        kk = kk + span.k_lo if st.stream_k else kk
        if st.exact_boxes:
          _mgpu.power_of_two_boxes(
              lambda off, rows: load_lhs(kk, slot, rows, pl.multiple_of(off, 8)), tiles8,
              st.block_m // 8, unit=8, otherwise=lambda: plgpu.barrier_arrive(full.at[slot]))
        else:
          lax.switch(box, [functools.partial(load_lhs, kk, slot, r) for r in boxes])
        for p in range(st.parts):          # SwiGLU: the gate columns, then the up columns
          cols, ks = pl.ds(p * st.up_col + n * part_n, part_n), pl.ds(kk * bk, bk)
          plgpu.copy_gmem_to_smem(rhs_ref.at[(g, cols, ks) if st.k_major else (g, ks, cols)],
                                  b_load.at[slot, p], full.at[slot])
        if st.fp8:   # this K block's scale of every tile row
          plgpu.copy_gmem_to_smem(lscale_ref.at[kk, pl.ds(row0, st.block_m)], s_smem.at[slot],
                                  full.at[slot])
        return count + 1
      return lax.fori_loop(0, k_steps, step, count)

    _mgpu.producer_drain(lax.fori_loop(0, my_units, issue_unit, jnp.int32(0)), free, stages)
    _mgpu.producer_drain(my_units, t_free, TILE_RING)

  @pl.when(wg < 2)
  def _consumer():
    plgpu.set_max_registers(232, action="increase")
    o_bufs = tuple(v.at[wg] for v in o_views)    # this consumer's epilogue buffers

    def tile_work(split, wg_rows, wg_cols, m, n, tile, carry, col_base=0, span=None):
      """One unit (row tile m, column tile n; `tile`: Meta.tile(m)) with the consumers sharing
      it as split by rows ("m") or columns ("n"), each owning wg_rows x wg_cols of the tile,
      from column col_base of each part (a column piece of the unit: `tail_pieces`), over the
      K steps of `span`."""
      rows, cols = wg_rows, wg_cols // st.parts    # cols: of each part, = output columns
      off = col_base + (wg * cols if split == "n" else 0)    # of this consumer, in each part

      def operands(slot, p):
        a, b = a_smem.at[slot], b_smem.at[slot, p]
        a = (a.at[pl.ds(wg * rows, rows)] if split == "m" else
             a if rows == st.block_m else a.at[pl.ds(0, rows)])   # rows split, all, or a half
        if cols == part_n:
          return a, b.transpose((1, 0)) if st.k_major else b
        if st.k_major:   # b is [columns, K] (as fp8 wgmma needs): a transposed view
          return a, b.at[pl.ds(off, cols)].transpose((1, 0))
        return a, b.at[:, pl.ds(off, cols)]

      # fp8: the accumulator in pieces that each lie inside one rhs scale block (column tiles
      # start at multiples of 64); 16-bit operands: one piece.
      piece = (SCALE_BLOCK if cols % SCALE_BLOCK == 0 and part_n % SCALE_BLOCK == 0 else 64
               ) if st.fp8 else cols
      num_pieces = cols // piece

      def scaled_steps(g, k_steps, count, my_rows, col0, k_lo, flushes=()):
        """fp8: each K block's product into a fresh accumulator, then added to the running one
        times its lhs row scales and rhs block scales (DeepGEMM's 1D2D promotion, float32);
        K blocks k_lo, k_lo + 1, ... (stream-K: a range of the unit's). flushes: a previous
        unit's deferred stores, the i-th issued while step i * FLUSH_SPACING's wgmma runs (the
        last step's where there are fewer; at once where there are none)."""
        # Columns past N (a last tile wider than what is left) compute padding that is never
        # stored: they take the last scale block rather than read past the scales.
        nbs = [jnp.minimum(lax.div(col0 + j * piece, SCALE_BLOCK), st.n_blocks - 1)
               for j in range(num_pieces)]
        bcast = lambda x: lax.broadcast_in_dim(x, (rows, piece), [0])

        w = jnp.minimum(g, st.num_groups - 1)     # a zero segment (g >= G) runs no step

        def block_scales(kk):    # scalar loads from global memory, a step ahead of their use
          kk = jnp.minimum(kk, st.k_blocks - 1)
          return tuple(rscale_ref[(w * st.n_blocks + nb) * st.k_blocks + kk] for nb in nbs)

        def row_scales(count):
          """Wait for fill `count` and read its lhs scales of this consumer's rows."""
          slot = lax.rem(count, stages)
          with jax.named_scope("wait_full"):     # (named regions: Mosaic GPU profiles)
            plgpu.barrier_wait(full.at[slot])
          scales = s_smem.at[slot, pl.ds(my_rows, rows)]
          return (scales[...] if st.interpret else
                  _compat.mgpu_load(scales, layout=plgpu.Layout.WGMMA.reduce(1)))

        def step_product(count, after=None):
          """Fill `count`'s wgmma (its slot already waited for), awaited; the slot released.
          after: run between the wgmma's issue and its wait (a deferred chunk's store)."""
          slot = lax.rem(count, stages)
          def scope(tmp_ref):
            plgpu.wgmma(tmp_ref, *operands(slot, 0))
            if after is not None:
              with jax.named_scope("after_step"):
                after()
            with jax.named_scope("wait_mma"):
              return tmp_ref[...]
          tmp = pl.run_scoped(scope, plgpu.ACC((rows, cols), _F32))
          plgpu.barrier_arrive(free.at[slot])
          return tmp

        def promote(acc, tmp, scale):
          with jax.named_scope("promote"):
            return tuple(a + tmp[:, j * piece:(j + 1) * piece] * bcast(s)
                         for j, (a, s) in enumerate(zip(acc, scale)))

        # Each step's scales are read a step early, once the previous step's wgmma is awaited,
        # so that no scale read or scale product sits among a step's wgmma issues (session 42,
        # SASS: ptxas had put the products of row scales read in the step, and the move of the
        # block scales loaded at its start, between the wgmmas, which then waited for them).
        def step(kk, carry, after=None):
          count, acc, scale, b_next = carry
          tmp = step_product(count, after)
          a_next = row_scales(count + 1)
          acc = promote(acc, tmp, scale)
          return count + 1, acc, tuple(a_next * b for b in b_next), block_scales(kk + 2)

        k0 = k_lo if st.stream_k else 0    # (whole units start at block 0)

        def run(count, acc):
          """K blocks k0, ..., k0 + k_steps - 1; the last step reads no next fill (it may be
          another unit's, or none)."""
          first = row_scales(count)
          scale = tuple(first * b for b in block_scales(k0))
          carry = (count, acc, scale, block_scales(k0 + 1))
          looped = k_steps - 1                   # the steps before the last
          clip = lambda j: k0 + jnp.minimum(j, looped)
          done = 0
          for i, after in enumerate(flushes):    # step i * FLUSH_SPACING: a loop of 0 or 1 trip
            at = i * FLUSH_SPACING               # (a wgmma stays in a loop body)
            carry = lax.fori_loop(clip(done), clip(at), step, carry)
            carry = lax.fori_loop(clip(at), clip(at + 1), functools.partial(step, after=after),
                                  carry)
            done = at + 1
          count, acc, scale, _ = lax.fori_loop(clip(done), k0 + looped, step, carry)

          def late():     # the flushes whose step is the last one (or past it)
            for i, after in enumerate(flushes):
              pl.when(i * FLUSH_SPACING >= looped)(after)
          return count + 1, promote(acc, step_product(count, late if flushes else None), scale)

        def none(count, acc):
          for after in flushes:
            after()
          return count, acc
        acc = (plgpu.layout_cast(jnp.zeros((rows, piece), _F32), plgpu.Layout.WGMMA),) * num_pieces
        return lax.cond(k_steps > 0, run, none, count, acc)
      row_iota = plgpu.broadcasted_iota(jnp.int32, (rows, piece), 0, layout=plgpu.Layout.WGMMA)
      zeros32 = plgpu.layout_cast(jnp.zeros((rows, cols), _F32), plgpu.Layout.WGMMA)

      count, stores, pending = carry
      flushes = (pending.flushes(o_bufs, stores, out_ref, meta, st)
                 if st.deferred else ())
      my_rows = wg * rows if split == "m" else 0
      g_lo, g_hi, tile_row = tile
      row0 = st.tile_row(tile_row) + my_rows         # lhs rows (groups' bounds are in these)
      out_row0 = m * st.block_m + my_rows                 # rows tiles' result rows
      col0 = n * part_n + off

      def as_chunks(vals):
        """A consumer's tile as EPI_COLS-column chunks in out dtype (stream-K's form of it)."""
        return tuple(c.astype(st.out_dtype) for c in _mgpu.epi_chunks(vals))

      def exchange(accs):
        """Stream-K: a unit whose K steps are split between CTAs. Each stores its float32
        partial sums to its workspace slot and takes a ticket on the unit's counter (one per
        consumer); the last to arrive sums every slot of the unit (its own too) and stores the
        tile. Returns (the tile after the epilogue, in out dtype, as EPI_COLS-column chunks;
        whether this consumer stores it). `accs`: per rhs part, the consumer's [rows, cols]
        sums, or (fp8) a tuple of its column pieces side by side. The sums run GATHER_COLS
        columns at a time (EPI_COLS where that does not divide cols), so that the partials'
        loads need few registers beside the tile's chunks (with the whole tile loaded beside
        the running sum, ptxas spilled and the gathers cost 54 us on DeepSeek's gate/up:
        session 30, run200)."""
        width = st.gather_cols if cols % st.gather_cols == 0 else _mgpu.EPI_COLS
        kw = dict(lanes=st.lanes, interpret=st.interpret)

        def region(slot, p, c0, w):
          """Workspace slot `slot`'s part p, this consumer's columns [c0, c0 + w)."""
          if st.lanes:   # 64-row consumers: a range of columns is a range of registers
            return ws_ref.at[slot, p, wg, pl.ds(rows * c0 // 256, rows * w // 256)]
          return ws_ref.at[slot, p, pl.ds(my_rows, rows), pl.ds(off + c0, w)]

        zero_chunks = as_chunks(zeros32)

        def cut(accs):
          for p, acc in enumerate(accs):
            c0 = 0
            for piece_acc in acc if isinstance(acc, tuple) else (acc,):
              w = piece_acc.shape[1]
              _mgpu.store_fragment(piece_acc, region(span.slot, p, c0, w), **kw)
              c0 += w
          words = 2 * st.num_ctas                    # after the counters: one word a consumer
          old = _mgpu.ticket(cnt_ref.at[pl.ds(2 * span.counter + wg, 1)],
                             cnt_ref.at[pl.ds(words + 2 * cta + wg, 1)], interpret=st.interpret)

          def gather():
            out = ()
            for c0 in range(0, cols, width):
              def add(c, sums, c0=c0):
                slot = deal.slot(c, span.counter)
                return tuple(_mgpu.add_fragment(x, region(slot, p, c0, width), **kw)
                             for p, x in enumerate(sums))
              sums = lax.fori_loop(span.first, span.last + 1, add,
                                   (zeros32[:, :width],) * st.parts)
              out += as_chunks(epilogue(sums))
            return out
          last = old == span.last - span.first
          return lax.cond(last, gather, lambda: zero_chunks), last
        return lax.cond(span.partial, cut, lambda a: (as_chunks(epilogue(a)), jnp.bool_(True)),
                        accs)

      def group(g, start, end, k_steps, carry):
        """The group's K loop and epilogue: (count, the tile's pieces in out dtype, and with
        stream-K whether this consumer stores them)."""
        count, out = carry

        def acc_scope(*acc_refs):
          def mma(slot):
            for p, acc_ref in enumerate(acc_refs):
              plgpu.wgmma(acc_ref, *operands(slot, p))
          end = _mgpu.consume(k_steps, count, full, free, stages, mma, after_steps=flushes,
                              spacing=FLUSH_SPACING)
          return end, tuple(r[...] for r in acc_refs)

        def product(count):    # (count, the tile's pieces, extra): stream-K's (final,)
          count, accs = pl.run_scoped(acc_scope, *[plgpu.ACC((rows, cols), _F32)] * st.parts)
          if st.stream_k:
            vals, final = exchange(accs)
            return count, vals, (final,)
          return count, (epilogue(accs),), ()

        extra = ()
        if st.fp8:     # the pieces of the tile's columns
          count, vals = scaled_steps(g, k_steps, count, my_rows, col0, span.k_lo, flushes)
          if st.stream_k:
            vals, final = exchange((vals,))
            extra = (final,)
        elif split == "m":   # a consumer with none of its rows in the group passes slots on
          @jax.named_scope("pass_on")
          def pass_on(c):
            for flush in flushes:
              flush()
            return (_mgpu.pass_slots(k_steps, c, full, free, stages),
                    *((as_chunks(zeros32), (jnp.bool_(True),)) if st.stream_k else
                      ((zeros32,), ())))
          count, vals, extra = lax.cond((row0 < end) & (row0 + rows > start), product, pass_on,
                                        count)
        else:
          count, vals, extra = product(count)
        if st.by_group:     # the tile's one segment; the store keeps exactly its rows
          return count, tuple(v.astype(st.out_dtype) for v in vals), *extra
        row = row0 + row_iota                       # keep this group's rows of the tile
        mine = (row >= start) & (row < end)
        return count, tuple(jnp.where(mine, v.astype(st.out_dtype), o) for v, o in zip(vals, out))

      zeros = plgpu.layout_cast(jnp.zeros((rows, piece), st.out_dtype), plgpu.Layout.WGMMA)
      chunks = cols // _mgpu.EPI_COLS
      def segment_store(out, live):
        """tiles="groups" without deferred stores: exactly the segment's rows, if `live`."""
        pl.when(live)(lambda: _mgpu.store_chunks(out, o_bufs, stores, segment_send(
            out_ref, meta, g_lo, row0, col0, rows, st)))
        return stores + jnp.where(live, chunks, 0)

      if st.deferred or st.stream_k:   # the tile's one segment, its K loop run once even for
        # none (g_lo > g_hi), so a deferred flush always runs
        start, end, k_steps = group_steps(g_lo, span, last=g_hi)
        count, out, *final = group(g_lo, start, end, k_steps, (count, (zeros,) * num_pieces))
        after = pending.stores_after(stores) if st.deferred else stores
        live = g_lo <= g_hi
        if final:     # stream-K: a unit cut between CTAs is stored by the last one only
          live = live & final[0]
        if st.deferred:
          return count, after, Pending.of(out, g_lo, row0, col0, live, st)
        return count, segment_store(out, live), pending    # fp8 stream-K
      def group_end(g, start, end, k_steps, carry):    # (and the last group's end row)
        return (*group(g, start, end, k_steps, carry[:2]), end)
      count, out, valid_end = for_each_group(g_lo, g_hi, span, group_end,   # rows of no
                                             (count, (zeros,) * num_pieces, out_row0))  # group: 0

      def copy(buf, c, box):
        """Rows [0, box) of chunk c's buffer to the result."""
        plgpu.copy_smem_to_gmem(buf if box == rows else buf.at[pl.ds(0, box)],
                                out_ref.at[pl.ds(out_row0, box),
                                           pl.ds(col0 + c * _mgpu.EPI_COLS, _mgpu.EPI_COLS)])

      @jax.named_scope("store")
      def store():
        """The consumer's rows of the tile; returns the chunks sent. invalid_rows="unwritten":
        only its rows up to its last one a group owns, as one box of a power-of-two number of
        8-row tiles (as the producer loads masked tiles), none if it has none (a masked
        group's tiles past masked_m, the contiguous layout's past the groups)."""
        if not st.skip_invalid:
          _mgpu.store_chunks(out, o_bufs, stores,
                             lambda buf, c, _: copy(buf, c, rows))
          return chunks
        valid = jnp.clip(valid_end - out_row0, 0, rows)   # (the group loop read the end)
        boxes = _mgpu.row_boxes(rows)
        box = _mgpu.row_box(valid, boxes)
        pl.when(valid > 0)(lambda: _mgpu.store_chunks(
            out, o_bufs, stores, lambda buf, c, _: lax.switch(
                box, [functools.partial(copy, buf, c, r) for r in boxes])))
        return jnp.where(valid > 0, chunks, 0)
      if st.signals:
        sent = store()
        plgpu.wait_smem_to_gmem(0, wait_read_only=False)   # stores complete, not only read
        _mgpu.warpgroup_sync(interpret=st.interpret)       # ... whichever thread issued them
        plgpu.barrier_arrive(done)                         # both consumers' halves of the tile
        plgpu.barrier_wait(done)
        pl.when(wg == 0)(lambda: _mgpu.signal_release(sig_ref.at[pl.ds(m, 1)],
                                                      interpret=st.interpret))
        return count, stores + sent, pending
      if not st.by_group:
        return count, stores + store(), pending
      return count, segment_store(out, g_lo <= g_hi), pending

    def unit(i, carry):
      m, n, piece, pieces, span = work_item(i, cta, deal, work_tiles, used, st)
      slot = lax.rem(i, TILE_RING)                 # the tile the producer published
      plgpu.barrier_wait(t_full.at[slot])
      tile = tuple(t_smem[TILE_SLOT * slot + f] for f in range(3))
      plgpu.barrier_arrive(t_free.at[slot])
      work = functools.partial(tile_work, st.split, st.wg_rows, st.wg_cols, m, n, tile,
                               span=span)

      def whole(carry):
        if not st.halves:
          return work(carry)
        # A segment's last tile with at most block_m / 2 of its rows: those rows only, the two
        # consumers splitting the columns, in half the time of the whole tile.
        half = meta.bound(tile[0], 1) - tile[2] <= st.block_m // 2
        return lax.cond(half, functools.partial(tile_work, "n", st.block_m // 2,
                                                st.block_n // 2, m, n, tile, span=span), work,
                        carry)
      # A column piece of p: the same split over part_n / p of each part's columns.
      counts = piece_counts(st.tail_split)
      if not counts:
        return whole(carry)
      return lax.switch(sum((pieces >= p).astype(jnp.int32) for p in counts), [whole] + [
          functools.partial(tile_work, st.split, st.wg_rows, st.wg_cols // p, m, n, tile,
                            col_base=piece * (part_n // p), span=span) for p in counts], carry)

    pending = Pending.empty(st) if st.deferred else ()
    _, stores, pending = lax.fori_loop(0, my_units, unit, (jnp.int32(0), jnp.int32(0), pending))
    if st.deferred:     # the last unit's stores
      with jax.named_scope("store"):
        for flush in pending.flushes(o_bufs, stores, out_ref, meta, st):
          flush()
    plgpu.wait_smem_to_gmem(0, wait_read_only=True)


@functools.partial(jax.jit, static_argnames=("st", "out_rows", "n", "consumer"))
def _call(groups, bounds, lhs, rhs, lscale, rscale, *, st: Static, out_rows: int, n: int,
          consumer: SignalConsumer | None):
  """The launch: (out, signals or None, *consumer results). The signals are a zero-initialised
  global-memory ref the kernel closes over (aliased in and out of the launch; such a ref lives
  inside a jit, hence this one, which a caller's jit inlines). groups, bounds: the arrays of
  `plan.launch_meta` (`Meta`'s ends and bounds). st.k_major: rhs is [G, N, K]; fp8: lscale the
  lhs scales [K / 128, rows] and rscale the rhs scales [G, N/128, K/128], flat."""
  sig = (jax.new_ref(jnp.zeros((st.m_tiles,), jnp.int32), memory_space=plgpu.GMEM)
         if st.signals else None)
  # Stream-K: a counter per consumer of each stream-K unit (< C units), then one word per
  # consumer of each CTA (`_mgpu.ticket`), zero; the partial tiles' workspace, two slots per
  # CTA, an extra output (never read before it is written: no memset).
  cnt = (jax.new_ref(jnp.zeros((4 * st.num_ctas,), jnp.int32), memory_space=plgpu.GMEM)
         if st.stream_k else None)
  part_n = st.block_n // st.parts
  if st.lanes:     # [slot, part, consumer, register, thread, 2]
    ws_type = jax.ShapeDtypeStruct((2 * st.num_ctas, st.parts, 2,
                                    st.wg_rows * (st.wg_cols // st.parts) // 256, 128, 2), _F32)
  else:
    ws_type = jax.ShapeDtypeStruct((2 * st.num_ctas, st.parts, st.block_m, part_n), _F32)
  side = consumer.num_ctas if consumer is not None else 0

  def entry(groups_ref, bounds_ref, lhs_ref, rhs_ref, lscale_ref, rscale_ref, out_ref, *results):
    ws_ref = None
    if st.stream_k:
      ws_ref, *results = results
    rhs_tile = ((st.parts, part_n, st.block_k) if st.k_major else
                (st.parts, st.block_k, part_n))
    smem = (_mgpu.operand_ring((st.num_stages, st.block_m, st.block_k), st.dtype,
                               untiled=st.untiled_lhs),
            _mgpu.operand_ring((st.num_stages,) + rhs_tile, st.dtype, untiled=st.untiled_rhs),
            _mgpu.operand_ring((2, st.epi_bufs, st.wg_rows, _mgpu.EPI_COLS), st.out_dtype,
                               untiled=st.untiled_out, swizzle=not st.row_stores),
            plgpu.SMEM((st.num_stages, st.block_m), _F32) if st.fp8 else (),
            plgpu.SMEM((TILE_SLOT * TILE_RING,), jnp.int32))
    barriers = (plgpu.Barrier(num_arrivals=st.lhs_arrivals + st.parts + st.fp8,
                              num_barriers=st.num_stages),
                plgpu.Barrier(num_arrivals=2, num_barriers=st.num_stages),
                plgpu.Barrier(num_arrivals=2),                  # signals: a tile's two halves
                plgpu.Barrier(num_arrivals=1, num_barriers=TILE_RING),   # a unit's tile ring
                plgpu.Barrier(num_arrivals=2, num_barriers=TILE_RING))

    def scoped(*scratch):
      cta, wg = lax.axis_index("cta"), lax.axis_index("wg")
      pl.when(cta < st.num_ctas)(lambda: _kernel(
          groups_ref, bounds_ref, lhs_ref, rhs_ref, lscale_ref, rscale_ref, out_ref, sig,
          ws_ref, cnt, (*scratch[0], *scratch[1]), st=st))
      if side:
        pl.when((cta >= st.num_ctas) & (wg == 0))(
            lambda: consumer.body(cta - st.num_ctas, sig, out_ref, *results))
    pl.run_scoped(scoped, smem, barriers, collective_axes="wg")

  # No compiler_params: each JAX's default lowering semantics, which is what the H200's jax 0.11
  # runs (warpgroup; jax 0.10's is lane). Lane semantics on jax 0.11 ran the table's configs
  # slower (session 66, H200: Gm_prefill_gu 799.7-799.9 -> 834.5-835.7 us, Gm_decode_dn
  # 122.5-123.3 -> 124.5-124.6, DS_G16_m32_dn, DS_G16_m64_gu/fp8, Gm_decode_gu 0.3-0.7% slower;
  # benchmarks/results/logs/session66/run449).
  kwargs = {}
  if st.interpret:
    from jaxkern import _compat
    _compat.patch_mosaic_gpu_interpreter()
    kwargs["interpret"] = _compat.interpret_gpu_params(detect_races=True)
  out_types = (jax.ShapeDtypeStruct((out_rows, n), st.out_dtype),) + (
      (ws_type,) if st.stream_k else ()) + (tuple(consumer.out_type) if side else ())
  mesh = plgpu.Mesh(grid=(st.num_ctas + side,), grid_names=("cta",), num_threads=3,
                    thread_name="wg")
  outs = pl.kernel(entry, out_type=out_types, mesh=mesh, **kwargs)(groups, bounds, lhs, rhs,
                                                                  lscale, rscale)
  return (outs[0], None if sig is None else sig[...], *outs[1 + st.stream_k:])


def grouped_gemm_pallas(lhs, rhs, group_sizes=None, *, masked_m=None, lhs_scale=None,
                        rhs_scale=None, out_dtype=None, activation=None, rhs_layout: str = "kn",
                        invalid_rows: str = "zero", lhs_scale_layout: str = "mk",
                        return_signals: bool = False,
                        config: GroupedGemmPallasConfig = GroupedGemmPallasConfig(),
                        num_sms: int | None = None, consumer: SignalConsumer | None = None,
                        interpret: bool = False):
  """The Mosaic GPU kernel behind `jaxkern.grouped_gemm(impl="pallas")`; the signature and
  semantics of `grouped_gemm_xla`, plus `num_sms`: the SMs to use (default: the current
  DeviceSpec's SM count; the GEMM gets one persistent CTA per SM, less `consumer.num_ctas`).

  return_signals=True (masked layout): returns (out, signals) with signals int32 [G, M_max /
  block_m] (see README.md, Completion signals; complete at `signal_target`). A `consumer` (needs
  return_signals) runs beside the GEMM; its results follow: (out, signals, *results).

  rhs_layout="nk": rhs is K-major [G, N, K] (and fp8 rhs_scale [G, cdiv(N, 128), K/128]).
  invalid_rows="unwritten": rows no group owns are left unwritten where the kernel can skip them
  (contents unspecified; see README.md).
  lhs_scale_layout="km": the fp8 lhs scales come K blocks first, [K/128, M] or [K/128, G, M_max]
  (the layout the kernel reads: "mk" scales are transposed in XLA first, 1.7 us on DS_G1's).
  float8_e4m3fn operands need lhs_scale and rhs_scale (DeepGEMM's 1D2D scales, float32); the
  kernel reads fp8 weights K-major (fp8 wgmma takes no transposed operand), so an fp8 rhs in the
  "kn" layout is transposed in XLA first (one pass over the weights on every call)."""
  dtype = jnp.dtype(lhs.dtype)
  check_rhs_layout("grouped_gemm_pallas", rhs_layout)
  check_invalid_rows("grouped_gemm_pallas", invalid_rows)
  check_lhs_scale_layout("grouped_gemm_pallas", lhs_scale_layout)
  k_major = rhs_layout == "nk"
  num_groups, k, n = (rhs.shape[0], rhs.shape[2], rhs.shape[1]) if k_major else rhs.shape
  fp8 = dtype.name == FP8
  out_dtype = jnp.dtype(out_dtype or (jnp.bfloat16 if fp8 else dtype))
  if fp8 and (lhs_scale is None or rhs_scale is None):
    raise ValueError("grouped_gemm_pallas: float8_e4m3fn operands need lhs_scale [..., K/128] "
                     "and rhs_scale (float32; [G, N/128, K/128] with rhs_layout='nk', else "
                     "[G, K/128, N/128])")
  flat_rows = lhs.shape[0] if masked_m is None else num_groups * lhs.shape[1]
  reason = unsupported_reason(config, k=k, n=n, dtype=dtype.name, out_dtype=out_dtype.name,
                              activation=activation, k_major=k_major,
                              rows=None if interpret else flat_rows)
  if reason is None and return_signals:
    reason = ("return_signals=True is for the masked layout (masked_m=...)" if masked_m is None
              else signals_reason(config, m_max=lhs.shape[1]))
  if reason is None and consumer is not None and not return_signals:
    reason = "a SignalConsumer needs return_signals=True"
  if reason is not None:
    raise NotImplementedError(f"grouped_gemm(impl='pallas'): {reason}")
  by_group = config.tiles == "groups"
  if masked_m is None:
    rows = lhs.shape[0]
    flat = lhs
  else:
    rows = num_groups * lhs.shape[1]
    flat = lhs.reshape(rows, k)
  bm, bn = config.block_m, config.block_n
  # Masked row tiles, each inside one group: the kernel reads masked_m itself (`plan.Meta`).
  direct = masked_m is not None and reads_masked_m(config, m_max=lhs.shape[1])
  # A few groups: the kernel computes the rest from group_sizes (`plan.Meta.sizes`).
  in_kernel = not direct and kernel_meta(num_groups, masked=masked_m is not None)
  exact = exact_starts(config, fp8=fp8)   # tiles from their segment's first row (plan, Static)
  launch = launch_meta(rows, bm, by_group=by_group, group_sizes=group_sizes, masked_m=masked_m,
                       m_max=0 if masked_m is None else lhs.shape[1], direct=direct,
                       kernel=in_kernel, zero_segments=invalid_rows == "zero",
                       exact_starts=exact)
  if fp8:   # scales of a K block for consecutive rows are contiguous: one TMA row per step
    lscale = (lhs_scale.reshape(k // SCALE_BLOCK, rows) if lhs_scale_layout == "km" else
              lhs_scale.reshape(rows, k // SCALE_BLOCK).T).astype(_F32)
    if not k_major:   # fp8 wgmma reads K-major weights only: [G, N, K] (and scales to match)
      rhs, rhs_scale = swap_kn(rhs, rhs_scale)
      k_major = True
    rscale = rhs_scale.astype(_F32).reshape(-1)  # [G, N/128, K/128], flat
  else:
    lscale = rscale = launch.bounds   # unused: any operand (a zeros constant would be a kernel)
  if rows == 0 or n == 0:            # nothing to compute (no kernel for an empty output)
    out = jnp.zeros(lhs.shape[:-1] + (n // column_parts(activation),), out_dtype)
    if return_signals:   # no blocks, or blocks with no columns: complete at a target of 0
      signals = jnp.zeros((num_groups, lhs.shape[1] // config.block_m), jnp.int32)
      return (out, signals) + tuple(jnp.zeros(t.shape, t.dtype) for t in
                                    (consumer.out_type if consumer is not None else ()))
    return out
  parts = column_parts(activation)
  n_out, part_n = n // parts, bn // parts     # output columns: N, or N/2 for SwiGLU
  m_tiles = launch.m_tiles
  n_tiles = -(-n_out // part_n)
  k_steps = -(-k // config.block_k)
  if fp8:   # TMA row strides in whole 16 bytes: scale rows padded to 4 floats
    lscale = jnp.pad(lscale, ((0, 0), (0, -rows % 4)))
  if interpret:   # the interpreter has no TMA zero fill / clipping: whole tiles explicitly
    lhs_rows = (-(-rows // bm) + 1) * bm          # a tile's rows start below `rows`
    flat = jnp.pad(flat, ((0, lhs_rows - rows), (0, k_steps * config.block_k - k)))
    if fp8:
      lscale = jnp.pad(lscale, ((0, 0), (0, lhs_rows - lscale.shape[1])))
    if k_major:
      rhs = jnp.pad(rhs.reshape(num_groups, parts, n_out, k),     # each part padded on its own
                    ((0, 0), (0, 0), (0, n_tiles * part_n - n_out),
                     (0, k_steps * config.block_k - k)))
      rhs = rhs.reshape(num_groups, parts * n_tiles * part_n, k_steps * config.block_k)
    else:
      rhs = jnp.pad(rhs.reshape(num_groups, k, parts, n_out),     # each part padded on its own
                    ((0, 0), (0, k_steps * config.block_k - k), (0, 0),
                     (0, n_tiles * part_n - n_out)))
      rhs = rhs.reshape(num_groups, k_steps * config.block_k, parts * n_tiles * part_n)
    n_out = n_tiles * part_n
  rows_c, cols_c = config.wg_tile
  if num_sms is None:
    from jaxkern.device import DeviceSpec   # here: jaxkern's package imports this module
    num_sms = DeviceSpec.current().num_sms
  side = consumer.num_ctas if consumer is not None else 0
  if side and not 0 < side < num_sms:
    raise ValueError(f"grouped_gemm_pallas: consumer.num_ctas must be in 1..{num_sms - 1} "
                     f"(num_sms = {num_sms}); got {side}")
  st = Static(num_groups=num_groups, m_tiles=m_tiles, n_tiles=n_tiles, k_steps=k_steps,
               num_ctas=max(1, min(num_sms - side, m_tiles * n_tiles)), block_m=bm, block_n=bn,
               block_k=config.block_k, wg_rows=rows_c, wg_cols=cols_c, parts=parts,
               up_col=n_out if parts == 2 else 0, split=config.split,
               num_stages=config.num_stages, band=min(config.band, m_tiles), by_group=by_group,
               halves=half_tiles(config, activation=activation),
               tail_split=tail_split(config, activation=activation, fp8=fp8),
               exact_boxes=config.lhs_boxes == "exact",
               dtype=dtype, out_dtype=out_dtype, signals=return_signals, interpret=interpret,
               deferred=deferred_stores(config, fp8=fp8, signals=return_signals),
               stream_k=config.stream_k,
               stream_steps=plan_module.MIN_STREAM_STEPS if config.stream_k else 0,
               gather_cols=GATHER_COLS if config.stream_k else 0,
               lanes=config.sk_partials == "lanes", m_max=lhs.shape[1] if direct else 0,
               segments=launch.segments, kernel_meta=in_kernel, rows=rows,
               skip_invalid=invalid_rows == "unwritten",
               untiled_lhs=_mgpu.untiled_copies(k, dtype, any_row=exact, interpret=interpret),
               untiled_rhs=k_major and _mgpu.untiled_copies(k, dtype, interpret=interpret),
               untiled_out=_mgpu.untiled_copies(n_out, out_dtype, interpret=interpret),
               k_major=k_major, k_blocks=k // SCALE_BLOCK if fp8 else 0,
               n_blocks=-(-n // SCALE_BLOCK),
               epi_bufs=epilogue_buffers(config, itemsize=jnp.dtype(dtype).itemsize),
               row_stores=config.segment_stores == "rows",
               exact_starts=exact)
  # The interpreter has no TMA clipping: rows tiles store whole tiles, and a segment's last
  # tile addresses rows up to block_m past the result (it stores none of them).
  out_rows = (m_tiles * bm if not by_group else rows + bm) if interpret else rows
  out, signals, *results = _call(launch.ends, launch.bounds, flat, rhs, lscale, rscale, st=st,
                                 out_rows=out_rows, n=n_out, consumer=consumer)
  out = out[:rows, :n // parts]
  out = out if masked_m is None else out.reshape(num_groups, lhs.shape[1], n // parts)
  if not return_signals:
    return out
  return (out, signals.reshape(num_groups, lhs.shape[1] // bm), *results)
