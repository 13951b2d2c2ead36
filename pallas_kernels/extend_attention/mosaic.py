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
  for prefill, where tiles are long and sequences rarely share one.
* "sequence": tiles never cross a sequence (a sequence of E tokens has cdiv(E * G, bm) tiles), and
  their key range can be split across `num_splits` CTAs (flash decoding); partial results are merged
  in XLA. Used for decode / speculative verify, where a sequence has 1-16 tokens over a long prefix.

Key steps of one sequence: the prefix blocks its rows can see (positions [lo, hi], whole
`block_kv`-aligned blocks of the paged cache, only from the first block inside the sliding window),
then the extend blocks of its own new tokens up to its last row (causal). Every block is loaded as
`block_kv // rows_per_copy` TMA copies (one per page when pages are smaller than the block). A copy
that would start past the sequence's valid keys is redirected to the block's first copy, so unused
pages are never read.

Contract beyond DESIGN.md §2 (the XLA path has none): cache slots past `prefix_lens[b]` in the
sequence's last partly filled page, and rows of k/v in the same page-sized chunk past a sequence's
last token, are read and masked, so they must hold finite values (any finite value; a JAX KV cache
that is written by scatter always does). Unused pages may hold anything, NaN included.
"""

from __future__ import annotations

import dataclasses
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

from pallas_kernels._index import searchsorted_right
from pallas_kernels.extend_attention.config import WG_ROWS as _WG_ROWS
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig
from pallas_kernels.extend_attention.reference import query_blocks, sequence_bounds, sequence_of

_F32 = jnp.float32
_LOG2E = math.log2(math.e)
_NEG = -1e9              # query position of rows outside the current sequence: sees no key
SUPPORTED_HEAD_DIMS = (64, 128, 256)
SUPPORTED_DTYPES = ("bfloat16", "float16")
SMEM_BYTES = 227 * 1024


def smem_bytes(config: ExtendAttentionPallasConfig, head_dim: int, itemsize: int = 2) -> int:
  """Shared memory the kernel allocates (query/output tiles + the K/V ring + softmax stats)."""
  qo = config.block_rows * head_dim * itemsize
  kv = 2 * config.num_stages * config.block_kv * head_dim * itemsize
  return qo + kv + config.block_rows * 4 + 4096   # + barriers and alignment


def unsupported_reason(config: ExtendAttentionPallasConfig, *, head_dim: int, dtype: str,
                       num_q_heads: int, num_kv_heads: int) -> str | None:
  """Why the kernel cannot run this problem with this config (None when it can)."""
  if dtype not in SUPPORTED_DTYPES:
    return f"dtype {dtype} (the kernel takes {'/'.join(SUPPORTED_DTYPES)})"
  if head_dim not in SUPPORTED_HEAD_DIMS:
    return (f"head_dim {head_dim} (the kernel takes {SUPPORTED_HEAD_DIMS}; 512 would need "
            "256 accumulator registers per thread)")
  group = num_q_heads // num_kv_heads
  if _WG_ROWS % group or _WG_ROWS // group < 8:
    return (f"GQA group {group} (a warpgroup packs 64 / G tokens of each head, which must be a "
            "multiple of 8: G in 1, 2, 4, 8)")
  if smem_bytes(config, head_dim) > SMEM_BYTES:
    return (f"{smem_bytes(config, head_dim)} bytes of shared memory for head_dim {head_dim} "
            f"(limit {SMEM_BYTES})")
  return None


@dataclasses.dataclass(frozen=True)
class _Static:
  num_tiles: int
  rows: int           # packed rows per KV head in q_p / out_p
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
  with_lse: bool
  direct: bool        # "global" tiles: q read and the result written in place by TMA
  interpret: bool

  @property
  def tokens_per_wg(self) -> int:
    return _WG_ROWS // self.group

  @property
  def tile_tokens(self) -> int:
    return self.consumers * self.tokens_per_wg


def _segment(b, tok0, refs, st: _Static):
  """Scalar facts of sequence b's share of a tile: (start, prefix, q_lo, q_hi, prefix block range,
  extend block range)."""
  starts_ref, ext_ref, prefix_ref = refs
  bk = st.block_kv
  start, ext, prefix = starts_ref[b], ext_ref[b], prefix_ref[b]
  t_lo = jnp.maximum(tok0, start)
  t_hi = jnp.minimum(tok0 + st.tile_tokens, start + ext) - 1
  nonempty = t_hi >= t_lo
  q_lo = prefix + t_lo - start
  q_hi = prefix + t_hi - start
  k_lo = jnp.int32(0) if st.window is None else jnp.maximum(q_lo - (st.window - 1), 0)
  pb0 = lax.div(k_lo, bk)
  pb1 = pl.cdiv(jnp.minimum(q_hi + 1, prefix), bk)
  n_prefix = jnp.where(nonempty, jnp.maximum(pb1 - pb0, 0), 0)
  # Extend keys are read in blocks aligned to 8-row multiples of the global token index (TMA row
  # offsets must be provably tile-aligned), starting at the aligned row at or before the sequence.
  base = lax.div(start, 8) * 8
  e_lo = jnp.maximum(k_lo - prefix, 0)
  e_hi = q_hi - prefix
  eb0 = lax.div(start + e_lo - base, bk)
  n_ext = jnp.where(nonempty & (e_hi >= 0),
                    lax.div(start + jnp.maximum(e_hi, 0) - base, bk) - eb0 + 1, 0)
  return dict(start=start, ext=ext, prefix=prefix, base=base, pb0=pb0, n_prefix=n_prefix,
              eb0=eb0, n_ext=jnp.maximum(n_ext, 0))


def _block(seg, i):
  """Step i of a segment: (is it a prefix block, its block index)."""
  is_prefix = i < seg["n_prefix"]
  return is_prefix, jnp.where(is_prefix, seg["pb0"] + i, seg["eb0"] + i - seg["n_prefix"])


def _split_range(total, split, num_splits):
  if num_splits == 1:
    return jnp.int32(0), total
  return lax.div(total * split, num_splits), lax.div(total * (split + 1), num_splits)


def _kernel(tile_ref, starts_ref, ext_ref, prefix_ref, page_table_ref, q_ref, k_ref, v_ref,
            kc_ref, vc_ref, out_ref, lse_ref, scratch, *, st: _Static):
  (qo_smem, k_smem, v_smem, lse_smem), (k_full, v_full, q_full), (k_free, v_free) = scratch
  bk, stages, rpc = st.block_kv, st.num_stages, st.rows_per_copy
  copies = bk // rpc
  wg = lax.axis_index("wg")
  n = st.num_tiles - 1 - lax.axis_index("tile")          # heaviest (last) tiles first
  h = lax.axis_index("head")
  split = lax.axis_index("split") if st.num_splits > 1 else jnp.int32(0)
  tok0, seg_lo, seg_hi = (tile_ref[3 * n + i] for i in range(3))
  if st.direct:
    tok0 = n * st.tile_tokens       # computed here so TMA row offsets are provably 8-aligned
  row0 = n * (st.consumers * _WG_ROWS)
  tpw = st.tokens_per_wg
  seg_refs = (starts_ref, ext_ref, prefix_ref)

  def for_each_step(body, carry, per_segment=lambda seg: seg):
    """Runs body(step_count, b, seg, i, carry) over this CTA's key steps, segment by segment;
    `per_segment` adds loop-invariant values to a segment's facts once, outside its step loop."""
    def seg_body(b, carry):
      count, inner = carry
      seg = per_segment(_segment(b, tok0, seg_refs, st))
      lo, hi = _split_range(seg["n_prefix"] + seg["n_ext"], split, st.num_splits)

      def step(i, c):
        count, inner = c
        return count + 1, body(count, b, seg, i, inner)
      return lax.fori_loop(lo, hi, step, (count, inner))
    return lax.fori_loop(seg_lo, seg_hi + 1, seg_body, (jnp.int32(0), carry))

  @pl.when(wg == st.consumers)
  def _producer():
    plgpu.set_max_registers(40, action="decrease")

    def issue(count, b, seg, i, carry):
      slot = lax.rem(count, stages)
      is_prefix, j = _block(seg, i)

      @pl.when(count >= stages)
      def _():
        plgpu.barrier_wait(k_free.at[slot])
        plgpu.barrier_wait(v_free.at[slot])

      @pl.when(is_prefix)
      def _():
        for c in range(copies):
          kp = j * bk + c * rpc
          kp = jnp.where(kp < seg["prefix"], kp, j * bk)      # never read past the prefix
          page = page_table_ref[b * st.max_pages + lax.div(kp, st.page_size)]
          page = jnp.clip(page, 0, st.num_pages - 1)
          if st.page_size <= bk:
            offset = 0                                        # whole pages
          else:                                               # a block-aligned slice of a page
            offset = lax.rem(lax.div(kp, bk), st.page_size // bk) * bk
          src = (page, pl.ds(offset, rpc), h)
          dst = pl.ds(c * rpc, rpc)
          plgpu.copy_gmem_to_smem(kc_ref.at[src], k_smem.at[slot, dst], k_full.at[slot])
          plgpu.copy_gmem_to_smem(vc_ref.at[src], v_smem.at[slot, dst], v_full.at[slot])

      @pl.when(jnp.logical_not(is_prefix))
      def _():
        for c in range(copies):
          g = seg["base"] + j * bk + c * rpc                  # a global token row, 8-aligned
          g = jnp.where(g < seg["start"] + seg["ext"], g, seg["base"] + j * bk)  # not past the end
          src = (pl.ds(g, rpc), h)
          dst = pl.ds(c * rpc, rpc)
          plgpu.copy_gmem_to_smem(k_ref.at[src], k_smem.at[slot, dst], k_full.at[slot])
          plgpu.copy_gmem_to_smem(v_ref.at[src], v_smem.at[slot, dst], v_full.at[slot])
      return carry

    total, _ = for_each_step(issue, jnp.int32(0))
    for i in range(stages):               # the last fills' releases, so every phase is observed
      last = total - stages + i

      @pl.when(last >= 0)
      def _():
        plgpu.barrier_wait(k_free.at[lax.rem(last, stages)])
        plgpu.barrier_wait(v_free.at[lax.rem(last, stages)])

  @pl.when(wg < st.consumers)
  def _consumer():
    plgpu.set_max_registers(232, action="increase")
    qo = qo_smem.at[wg]
    rows = row0 + wg * _WG_ROWS
    wg_tok = tok0 + wg * tpw
    if st.direct:     # G boxes of tpw token rows, one per query head of the group
      for g in range(st.group):
        plgpu.copy_gmem_to_smem(q_ref.at[pl.ds(wg_tok, tpw), h * st.group + g],
                                qo.at[pl.ds(g * tpw, tpw)], q_full.at[wg])
    else:
      plgpu.copy_gmem_to_smem(q_ref.at[h, pl.ds(rows, _WG_ROWS)], qo, q_full.at[wg])
    plgpu.barrier_wait(q_full.at[wg])

    shape = (_WG_ROWS, bk)
    row_iota = plgpu.broadcasted_iota(jnp.int32, shape, 0, layout=plgpu.Layout.WGMMA)
    col_pos = plgpu.broadcasted_iota(jnp.int32, shape, 1, layout=plgpu.Layout.WGMMA).astype(_F32)
    row_tok = wg_tok + lax.rem(row_iota, tpw)
    scale = st.sm_scale * _LOG2E
    bcast = lambda x: lax.broadcast_in_dim(x, shape, [0])

    def row_positions(seg):
      """Each row's query position in this sequence (_NEG for rows of other sequences), as a
      float32 row vector: the masks below compare per row, not per element. Also, as scalars,
      whether all of this warpgroup's rows are in the sequence and their lowest and highest
      positions, which decide when a key block is visible to every row (no mask needed)."""
      in_seq = (row_tok >= seg["start"]) & (row_tok < seg["start"] + seg["ext"])
      qpos = jnp.where(in_seq, (seg["prefix"] - seg["start"] + row_tok).astype(_F32), _NEG)
      t_lo = jnp.maximum(wg_tok, seg["start"])
      t_hi = jnp.minimum(wg_tok + tpw, seg["start"] + seg["ext"]) - 1
      return dict(seg, qpos=qpos.max(axis=1), all_in=(t_lo == wg_tok) & (t_hi == wg_tok + tpw - 1),
                  q_min=seg["prefix"] + t_lo - seg["start"], q_max=seg["prefix"] + t_hi - seg["start"])

    def step(count, b, seg, i, carry):
      acc, m_i, l_i = carry
      slot = lax.rem(count, stages)
      is_prefix, j = _block(seg, i)
      # Visible keys of each row are the positions [lo, hi]: causal, the window, and prefix blocks
      # below the prefix length / extend blocks at or above it (the latter may start before the
      # sequence: extend blocks are 8-row aligned in the global token index).
      prefix = seg["prefix"].astype(_F32)
      hi_cap = jnp.where(is_prefix, prefix - 1.0, jnp.inf)           # scalars: per block
      lo_floor = jnp.where(is_prefix, -jnp.inf, prefix)
      first = jnp.where(is_prefix, j * bk, seg["prefix"] + seg["base"] - seg["start"] + j * bk)
      # Every row sees every key of the block: skip the mask (most blocks of a long prefill).
      last = first + bk - 1
      unmasked = (seg["all_in"] & (last <= seg["q_min"])
                  & jnp.where(is_prefix, last < seg["prefix"], first >= seg["prefix"]))
      if st.window is not None:
        unmasked &= first > seg["q_max"] - st.window

      def masked(s):
        kpos = col_pos + first.astype(_F32)
        visible = kpos <= bcast(jnp.minimum(seg["qpos"], hi_cap))     # row vectors: per segment
        if st.window is None:
          visible &= kpos >= lo_floor
        else:
          visible &= kpos >= bcast(jnp.maximum(seg["qpos"] - (st.window - 1), lo_floor))
        return jnp.where(visible, s, -jnp.inf)

      plgpu.barrier_wait(k_full.at[slot])

      def qk_scope(acc_ref):
        plgpu.wgmma(acc_ref, qo, k_smem.at[slot].transpose((1, 0)))
        return acc_ref[...]
      s = pl.run_scoped(qk_scope, plgpu.ACC(shape, _F32))
      plgpu.barrier_arrive(k_free.at[slot])
      if st.logit_cap is None:
        s = s * scale
      else:
        s = (st.logit_cap * _LOG2E) * jnp.tanh(s * (st.sm_scale / st.logit_cap))
      s = lax.cond(unmasked, lambda s: s, masked, s)
      m_new = jnp.maximum(m_i, s.max(axis=1))
      m_use = jnp.where(m_new == -jnp.inf, 0.0, m_new)        # rows that saw nothing yet
      alpha = jnp.exp2(m_i - m_use)
      p = jnp.exp2(s - bcast(m_use))
      l_i = l_i * alpha + p.sum(axis=1)
      acc = acc * lax.broadcast_in_dim(alpha, acc.shape, [0])
      p16 = p.astype(st.dtype)
      plgpu.barrier_wait(v_full.at[slot])

      if st.interpret:        # the interpreter has no run_state: add a fresh product instead
        def pv_scope(acc_ref):
          plgpu.wgmma(acc_ref, p16, v_smem.at[slot])
          return acc_ref[...]
        acc = acc + pl.run_scoped(pv_scope, plgpu.ACC(acc.shape, _F32))
      else:
        def pv(acc_ref):
          plgpu.wgmma(acc_ref, p16, v_smem.at[slot])
        acc = pl.run_state(pv)(plgpu.ACC.init(acc))
      plgpu.barrier_arrive(v_free.at[slot])
      return acc, m_new, l_i

    m_i = plgpu.layout_cast(jnp.full((_WG_ROWS,), -jnp.inf, _F32), plgpu.Layout.WGMMA.reduce(1))
    l_i = plgpu.layout_cast(jnp.full((_WG_ROWS,), 0.0, _F32), plgpu.Layout.WGMMA.reduce(1))
    acc = plgpu.layout_cast(jnp.full((_WG_ROWS, st.head_dim), 0.0, _F32), plgpu.Layout.WGMMA)
    _, (acc, m_i, l_i) = for_each_step(step, (acc, m_i, l_i), per_segment=row_positions)

    seen = l_i > 0.0
    inv = jnp.where(seen, 1.0 / jnp.where(seen, l_i, 1.0), 0.0)       # rows that saw nothing: 0
    qo[...] = (acc * lax.broadcast_in_dim(inv, acc.shape, [0])).astype(st.dtype)
    if st.with_lse:
      lse_smem.at[wg][...] = jnp.where(seen, m_i + jnp.log2(jnp.where(seen, l_i, 1.0)), -jnp.inf)
    plgpu.commit_smem()
    if st.direct:
      for g in range(st.group):
        plgpu.copy_smem_to_gmem(qo.at[pl.ds(g * tpw, tpw)],
                                out_ref.at[pl.ds(wg_tok, tpw), h * st.group + g])
    else:
      plgpu.copy_smem_to_gmem(qo, out_ref.at[split, h, pl.ds(rows, _WG_ROWS)])
    if st.with_lse:
      plgpu.copy_smem_to_gmem(lse_smem.at[wg], lse_ref.at[split, h, pl.ds(rows, _WG_ROWS)])
    plgpu.wait_smem_to_gmem(0, wait_read_only=True)   # shared memory must outlive the reads only


def _call_kernel(tile_info, starts, ext_lens, prefix, page_table, q_p, k, v, k_cache, v_cache, *,
                 st: _Static, interpret):
  num_kv_heads = k.shape[1]
  bk, d = st.block_kv, st.head_dim
  transforms = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))
  if st.direct:                                        # the result itself, [T, Hq, D]
    out_type = jax.ShapeDtypeStruct(q_p.shape, st.dtype)
  else:                                                # packed rows per split
    out_type = jax.ShapeDtypeStruct((st.num_splits, num_kv_heads, st.rows, d), st.dtype)
  lse_rows = st.rows if st.with_lse else _WG_ROWS      # unused without splits
  out_types = [out_type, jax.ShapeDtypeStruct((st.num_splits, num_kv_heads, lse_rows), _F32)]

  def entry(tile_ref, starts_ref, ext_ref, prefix_ref, pt_ref, q_ref, k_ref, v_ref, kc_ref,
            vc_ref, out_ref, lse_ref):
    smem = (plgpu.SMEM((st.consumers, _WG_ROWS, d), st.dtype, transforms=transforms),
            plgpu.SMEM((st.num_stages, bk, d), st.dtype, transforms=transforms),
            plgpu.SMEM((st.num_stages, bk, d), st.dtype, transforms=transforms),
            plgpu.SMEM((st.consumers, _WG_ROWS), _F32))
    copies = bk // st.rows_per_copy
    full = (plgpu.Barrier(num_arrivals=copies, num_barriers=st.num_stages),
            plgpu.Barrier(num_arrivals=copies, num_barriers=st.num_stages),
            plgpu.Barrier(num_arrivals=st.group if st.direct else 1, num_barriers=st.consumers))
    free = (plgpu.Barrier(num_arrivals=st.consumers, num_barriers=st.num_stages),) * 2
    pl.run_scoped(
        lambda *scratch: _kernel(tile_ref, starts_ref, ext_ref, prefix_ref, pt_ref, q_ref, k_ref,
                                 v_ref, kc_ref, vc_ref, out_ref, lse_ref, scratch, st=st),
        smem, full, free, collective_axes="wg")

  kwargs = {}
  if interpret:
    from jaxkern import _compat
    _compat.patch_mosaic_gpu_interpreter()
    kwargs["interpret"] = _compat.interpret_gpu_params(detect_races=True)
  grid = (st.num_tiles, num_kv_heads) + ((st.num_splits,) if st.num_splits > 1 else ())
  names = ("tile", "head") + (("split",) if st.num_splits > 1 else ())
  out, lse = plgpu.kernel(
      entry, out_type=out_types, grid=grid, grid_names=names, num_threads=st.consumers + 1,
      thread_name="wg", compiler_params=plgpu.CompilerParams(approx_math=True), **kwargs,
  )(tile_info, starts, ext_lens, prefix, page_table, q_p, k, v, k_cache, v_cache)
  return out, lse


def _repaged(k_cache, v_cache, page_table, prefix_lens, block_kv):
  """Pages of `block_kv` tokens gathered from a cache whose page size the kernel cannot stream
  (not a multiple of 8, or larger than a block and not a multiple of it): one pass over the
  static prefix bound, in XLA; slots past each prefix are zeros."""
  num_pages, page_size, num_kv_heads, head_dim = k_cache.shape
  num_seqs, max_pages = page_table.shape
  new_pages = -(-(max_pages * page_size) // block_kv)
  pos = jnp.arange(new_pages * block_kv, dtype=jnp.int32)
  slot = jnp.clip(jnp.take(page_table, jnp.minimum(pos // page_size, max_pages - 1), axis=1),
                  0, num_pages - 1)                                      # [B, positions]
  flat = (slot * page_size + pos % page_size).reshape(-1)
  used = (pos[None, :] < prefix_lens[:, None]).reshape(-1, 1, 1)

  def gather(cache):
    rows = cache.reshape(num_pages * page_size, num_kv_heads, head_dim)[flat]
    rows = jnp.where(used, rows, jnp.zeros((), cache.dtype))
    return rows.reshape(num_seqs * new_pages, block_kv, num_kv_heads, head_dim)
  table = jnp.arange(num_seqs * new_pages, dtype=jnp.int32).reshape(num_seqs, new_pages)
  return gather(k_cache), gather(v_cache), table


def needs_repaging(page_size: int, block_kv: int) -> bool:
  if page_size <= block_kv:
    return page_size % 8 != 0 or block_kv % page_size != 0
  return page_size % block_kv != 0


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
  bk = config.block_kv
  if max_pages == 0:                                   # no cache at all: one unused dummy page
    k_cache = jnp.zeros((1, bk) + k_cache.shape[2:], k_cache.dtype)
    v_cache, page_table, page_size = k_cache, jnp.zeros((num_seqs, 1), jnp.int32), bk
  elif needs_repaging(page_size, bk):
    prefix_lens = jnp.clip(prefix_lens.astype(jnp.int32), 0, max_prefix)
    k_cache, v_cache, page_table = _repaged(k_cache, v_cache, page_table, prefix_lens, bk)
    page_size = bk
  page_table = page_table.astype(jnp.int32)

  bm = config.block_rows
  tpw = _WG_ROWS // group
  tile_tokens = config.consumers * tpw
  qo_indptr = qo_indptr.astype(jnp.int32)
  bounds = dict(num_tokens=num_tokens, max_extend_len=max_ext, max_prefix=max_prefix)
  if config.tiles == "global":
    starts, ext_lens, prefix = sequence_bounds(qo_indptr, prefix_lens, **bounds)
    num_tiles = -(-num_tokens // tile_tokens)
    rows = num_tiles * bm
    tok0 = jnp.arange(num_tiles, dtype=jnp.int32) * tile_tokens
    seg_lo = searchsorted_right(qo_indptr[1:], tok0)                     # B: no sequence
    seg_hi = sequence_of(qo_indptr, jnp.minimum(tok0 + tile_tokens, num_tokens) - 1)
    tile_info = jnp.stack([tok0, seg_lo, seg_hi], axis=1)
    # q is read and the result written in place. TMA descriptors need the token dimension in
    # whole 8-row tiles (T % 8 != 0 costs a padded copy of q and of the result). The last tile's
    # boxes may run past T: the GPU's TMA reads zeros there and drops the stores; the interpreter
    # does neither, so it gets whole tiles explicitly.
    padded_tokens = num_tiles * tile_tokens if interpret else -(-num_tokens // 8) * 8
    q_p = jnp.pad(q, ((0, padded_tokens - num_tokens), (0, 0), (0, 0)))
  else:
    seq_of, row0_of, valid, starts, ext_lens, prefix = query_blocks(
        qo_indptr, prefix_lens, block_q=tile_tokens, **bounds)
    num_tiles = seq_of.shape[0]
    rows = num_tiles * bm
    tok0 = starts[seq_of] + row0_of
    seg_hi = jnp.where(valid, seq_of, seq_of - 1)
    tile_info = jnp.stack([tok0, seq_of, seg_hi], axis=1)
    r = jnp.arange(bm, dtype=jnp.int32)
    head = (r % _WG_ROWS) // tpw                                          # packed row r's head
    tok = jnp.clip(tok0[:, None] + (r // _WG_ROWS * tpw + r % tpw)[None, :], 0, num_tokens - 1)
    q_p = q.reshape(num_tokens, num_kv_heads, group, head_dim)[tok, :, head[None, :]]
    q_p = q_p.transpose(2, 0, 1, 3).reshape(num_kv_heads, rows, head_dim)      # [Hkv, N*bm, D]

  rows_per_copy = min(page_size, bk)
  # TMA needs the token dimension of k/v in whole 8-row tiles. A copy may also run past T, where
  # the GPU's TMA reads zeros; the interpreter has no such fill, so it gets the zeros explicitly.
  pad = -num_tokens % 8 + (rows_per_copy if interpret else 0)
  if pad:
    k, v = (jnp.pad(x, ((0, pad), (0, 0), (0, 0))) for x in (k, v))
  st = _Static(num_tiles=num_tiles, rows=rows, group=group, head_dim=head_dim,
               page_size=page_size, num_pages=k_cache.shape[0],
               max_pages=page_table.shape[1], block_kv=bk,
               rows_per_copy=rows_per_copy, num_stages=config.num_stages,
               consumers=config.consumers, num_splits=config.num_splits,
               sm_scale=float(sm_scale), window=sliding_window,
               logit_cap=None if logit_cap is None else float(logit_cap),
               dtype=jnp.dtype(q.dtype), with_lse=config.num_splits > 1,
               direct=config.tiles == "global", interpret=interpret)
  out_p, lse = _call_kernel(tile_info.astype(jnp.int32).reshape(-1), starts, ext_lens, prefix,
                            page_table.reshape(-1),
                            q_p, k, v, k_cache, v_cache, st=st, interpret=interpret)

  if config.tiles == "global":
    # The kernel wrote every row: rows of padding tokens and past max_extend_len saw no key (0).
    return out_p[:num_tokens]
  if config.num_splits > 1:                             # flash-decoding merge, float32
    lse_max = jnp.max(lse, axis=0)
    lse_max = jnp.where(jnp.isfinite(lse_max), lse_max, 0.0)
    w = jnp.exp2(lse - lse_max[None])                   # [S, Hkv, rows]; 0 where a split saw nothing
    total = w.sum(axis=0)
    w = w / jnp.where(total > 0, total, 1.0)[None]
    merged = jnp.einsum("shr,shrd->hrd", w, out_p.astype(_F32)).astype(q.dtype)
  else:
    merged = out_p[0]

  # Sequence tiles: token t of sequence b is local token (t - start_b) % tile_tokens of tile
  # first_tile[b] + (t - start_b) // tile_tokens.
  per_seq = -(-ext_lens // tile_tokens)
  first_tile = jnp.cumsum(per_seq) - per_seq
  tok = jnp.arange(num_tokens, dtype=jnp.int32)
  b = sequence_of(qo_indptr, tok)
  i = tok - starts[b]
  keep = (tok < qo_indptr[num_seqs]) & (i >= 0) & (i < ext_lens[b])
  tile = jnp.clip(first_tile[b] + i // tile_tokens, 0, num_tiles - 1)
  local = i % tile_tokens
  row = tile * bm + local // tpw * _WG_ROWS + local % tpw
  src = row[:, None] + jnp.arange(group, dtype=jnp.int32)[None, :] * tpw             # [T, G]
  out = merged[:, jnp.clip(src, 0, rows - 1)]                                      # [Hkv, T, G, D]
  out = out.transpose(1, 0, 2, 3).reshape(num_tokens, num_q_heads, head_dim)
  return jnp.where(keep[:, None, None], out, 0).astype(q.dtype)
