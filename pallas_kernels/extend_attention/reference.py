"""Extend attention in plain JAX: the reference (float32 math) and the XLA path (native-dtype
operands, float32 accumulation) share one blocked online-softmax implementation.

Semantics (DESIGN.md §2): sequence b owns new tokens q[qo_indptr[b]:qo_indptr[b+1]] at absolute
positions prefix_lens[b] + i, and a prefix of prefix_lens[b] cached tokens at positions 0.. through
page_table[b]. A query at position p sees keys at kp <= p and, with a window W, kp > p - W.

Memory is bounded by what the batch attends to at static padded sizes: the new tokens are cut into
per-sequence query blocks of block_q rows (at most cdiv(T, block_q) + B of them, so a mixed batch of
one long prefill and many decode rows costs about T + B * block_q query rows, not B * max_extend_len);
keys are visited block_kv at a time (prefix pages gathered per step, only from the first page inside
the window), never as a dense score matrix over the cache. The loops run only as many steps as the
block with the most visible keys needs.
"""

from __future__ import annotations

import functools
import math

import jax.numpy as jnp
from jax import lax

from pallas_kernels._index import ragged_slots, searchsorted_right
from pallas_kernels.extend_attention.config import ExtendAttentionXlaConfig

_F32 = jnp.float32


def _online_softmax_step(carry, q, kb, vb, kpos, kvalid, qpos, qvalid, *, sm_scale, window,
                         logit_cap, precision, compute_dtype):
  """One key block for every query block: q [N,bq,Hkv,G,D]; kb, vb [N,bk,Hkv,D];
  kpos, kvalid [N,bk]; qpos, qvalid [N,bq]."""
  m, l, acc = carry  # [N,Hkv,G,bq], [N,Hkv,G,bq], [N,Hkv,G,bq,D]
  kb = jnp.where(kvalid[:, :, None, None], kb, 0).astype(compute_dtype)
  vb = jnp.where(kvalid[:, :, None, None], vb, 0).astype(compute_dtype)  # NaN pages must not leak
  s = jnp.einsum("nqhgd,nkhd->nhgqk", q, kb, precision=precision, preferred_element_type=_F32)
  s = s * sm_scale
  if logit_cap is not None:
    s = logit_cap * jnp.tanh(s / logit_cap)
  visible = kvalid[:, None, :] & (kpos[:, None, :] <= qpos[:, :, None]) & qvalid[:, :, None]
  if window is not None:
    visible &= kpos[:, None, :] > qpos[:, :, None] - window
  s = jnp.where(visible[:, None, None], s, -jnp.inf)
  m_new = jnp.maximum(m, s.max(axis=-1))
  m_safe = jnp.where(jnp.isfinite(m_new), m_new, 0.0)
  p = jnp.exp(s - m_safe[..., None])
  alpha = jnp.exp(m - m_safe)
  l = l * alpha + p.sum(axis=-1)
  pv = jnp.einsum("nhgqk,nkhd->nhgqd", p.astype(compute_dtype), vb, precision=precision,
                  preferred_element_type=_F32)
  acc = acc * alpha[..., None] + pv
  return m_new, l, acc


def num_query_blocks(*, num_tokens: int, num_seqs: int, max_extend_len: int, block_q: int) -> int:
  """Static count of per-sequence query blocks: every block holds rows of one sequence, so at most
  cdiv(T, bq) + B of them, and never more than B * cdiv(E, bq)."""
  return min(-(-num_tokens // block_q) + num_seqs, num_seqs * -(-max_extend_len // block_q))


def sequence_bounds(qo_indptr, prefix_lens, *, num_tokens: int, max_extend_len: int,
                    max_prefix: int):
  """(starts [B], ext_lens [B], prefix [B]): each sequence's first token row, its new tokens that
  are computed (at most max_extend_len, inside T) and its prefix length (inside the cache)."""
  num_seqs = prefix_lens.shape[0]
  qo_indptr = qo_indptr.astype(jnp.int32)
  return clip_bounds(qo_indptr[:num_seqs], qo_indptr[1:], prefix_lens.astype(jnp.int32),
                     num_tokens=num_tokens, max_extend_len=max_extend_len, max_prefix=max_prefix)


def clip_bounds(start, end, prefix, *, num_tokens: int, max_extend_len: int, max_prefix: int):
  """(start, ext, prefix) of sequences whose rows are [start, end) and whose cached prefix is
  `prefix`, clipped to what is computed: rows inside T, at most max_extend_len of them, a prefix
  inside the cache. Elementwise, so it serves arrays here and scalars in the Mosaic GPU kernel."""
  start = jnp.maximum(jnp.minimum(start, num_tokens), 0)
  ext = jnp.minimum(end - start, jnp.minimum(max_extend_len, num_tokens - start))
  return start, jnp.maximum(ext, 0), jnp.maximum(jnp.minimum(prefix, max_prefix), 0)


def sequence_of(qo_indptr, tokens):
  """The sequence that owns each token row (the last sequence for padding rows past qo_indptr[B])."""
  num_seqs = qo_indptr.shape[0] - 1
  owner = searchsorted_right(qo_indptr[1:].astype(jnp.int32), tokens)
  return jnp.minimum(owner, num_seqs - 1).astype(jnp.int32)


def query_blocks(qo_indptr, prefix_lens, *, num_tokens: int, max_extend_len: int, block_q: int,
                 max_prefix: int):
  """Split every sequence's new tokens into blocks of `block_q` rows (a block never spans two
  sequences), computed once per call; `num_query_blocks` of them.

  Returns (seq [N], row0 [N], valid [N], starts [B], ext_lens [B], prefix [B]): block n holds rows
  row0[n] .. row0[n] + bq - 1 of sequence seq[n]; blocks past the last real one have valid=False.
  """
  num_seqs = prefix_lens.shape[0]
  starts, ext_lens, prefix = sequence_bounds(qo_indptr, prefix_lens, num_tokens=num_tokens,
                                             max_extend_len=max_extend_len, max_prefix=max_prefix)
  num_blocks = num_query_blocks(num_tokens=num_tokens, num_seqs=num_seqs,
                                max_extend_len=max_extend_len, block_q=block_q)
  seq, j, total = ragged_slots(-(-ext_lens // block_q), num_blocks)
  row0 = j * block_q
  valid = jnp.arange(num_blocks, dtype=jnp.int32) < total
  return seq, row0, valid, starts, ext_lens, prefix


def _extend_attention_blocked(q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, *,
                              sm_scale, sliding_window, logit_cap, max_extend_len, block_q,
                              block_kv, compute_dtype, precision):
  num_tokens, num_q_heads, head_dim = q.shape
  num_kv_heads = k.shape[1]
  group = num_q_heads // num_kv_heads
  max_pages = page_table.shape[1]
  num_pages, page_size = k_cache.shape[:2]
  max_ext = num_tokens if max_extend_len is None else max_extend_len
  if sm_scale is None:
    sm_scale = 1.0 / math.sqrt(head_dim)
  block_q = max(1, min(block_q, max_ext))
  seq, row0, valid, starts, ext_lens, prefix = query_blocks(
      qo_indptr, prefix_lens, num_tokens=num_tokens, max_extend_len=max_ext, block_q=block_q,
      max_prefix=max_pages * page_size)
  num_blocks = seq.shape[0]
  last_token = max(num_tokens - 1, 0)

  # Query blocks [N, bq, ...]; invalid rows are zeroed (padding rows may hold NaN).
  rows = row0[:, None] + jnp.arange(block_q, dtype=jnp.int32)[None, :]      # row within sequence
  qvalid = valid[:, None] & (rows < ext_lens[seq][:, None])
  q_tok = jnp.clip(starts[seq][:, None] + rows, 0, last_token)
  qb = jnp.where(qvalid[:, :, None, None], q[q_tok], 0).astype(compute_dtype)
  qb = qb.reshape(num_blocks, block_q, num_kv_heads, group, head_dim)
  qpos = prefix[seq][:, None] + rows
  first_row = row0                                      # first query row of each block
  last_row = jnp.minimum(row0 + block_q, ext_lens[seq]) - 1

  step = functools.partial(
      _online_softmax_step, q=qb, qpos=qpos, qvalid=qvalid, sm_scale=sm_scale,
      window=sliding_window, logit_cap=logit_cap, precision=precision, compute_dtype=compute_dtype)
  carry = (jnp.full((num_blocks, num_kv_heads, group, block_q), -jnp.inf, _F32),
           jnp.zeros((num_blocks, num_kv_heads, group, block_q), _F32),
           jnp.zeros((num_blocks, num_kv_heads, group, block_q, head_dim), _F32))

  # Prefix keys, whole pages, from the first page the block's first query can see.
  blk_prefix = prefix[seq]
  if sliding_window is None:
    first_visible = jnp.zeros_like(blk_prefix)
  else:
    first_visible = jnp.maximum(blk_prefix + first_row - sliding_window + 1, 0)
  first_page = first_visible // page_size
  pages_per_block = max(1, min(max_pages, -(-block_kv // page_size)))
  keys_per_block = pages_per_block * page_size
  prefix_steps = jnp.where(valid, -(-(blk_prefix - first_page * page_size) // keys_per_block), 0)
  page_offsets = jnp.arange(pages_per_block, dtype=jnp.int32)
  in_page = jnp.arange(page_size, dtype=jnp.int32)
  seq_pages = page_table[seq]                                                  # [N, max_pages]

  def prefix_body(n, carry):
    pages = first_page[:, None] + n * pages_per_block + page_offsets[None, :]  # [N, ppb]
    page_ids = jnp.take_along_axis(seq_pages, jnp.minimum(pages, max_pages - 1), axis=1)
    page_ids = jnp.clip(page_ids, 0, num_pages - 1)  # unused slots may hold anything
    kb = k_cache[page_ids].reshape(num_blocks, keys_per_block, num_kv_heads, head_dim)
    vb = v_cache[page_ids].reshape(num_blocks, keys_per_block, num_kv_heads, head_dim)
    kpos = (pages[:, :, None] * page_size + in_page).reshape(num_blocks, keys_per_block)
    kvalid = (kpos < blk_prefix[:, None]) & (kpos >= first_visible[:, None])
    return step(carry, kb=kb, vb=vb, kpos=kpos, kvalid=kvalid)

  if max_pages > 0:
    carry = lax.fori_loop(0, jnp.max(prefix_steps), prefix_body, carry)

  # The new tokens themselves: keys of the same sequence up to the block's last query.
  block_ext = max(1, min(block_kv, max_ext))
  ext_first = jnp.zeros_like(first_row) if sliding_window is None else jnp.maximum(
      first_row - sliding_window + 1, 0)
  ext_steps = jnp.where(valid, -(-(last_row + 1 - ext_first) // block_ext), 0)
  ext_offsets = jnp.arange(block_ext, dtype=jnp.int32)
  blk_start, blk_ext = starts[seq], ext_lens[seq]

  def extend_body(n, carry):
    j = ext_first[:, None] + n * block_ext + ext_offsets[None, :]             # [N, bk]
    tok = jnp.clip(blk_start[:, None] + j, 0, last_token)
    kvalid = (j <= last_row[:, None]) & (j < blk_ext[:, None])
    return step(carry, kb=k[tok], vb=v[tok], kpos=blk_prefix[:, None] + j, kvalid=kvalid)

  carry = lax.fori_loop(0, jnp.max(ext_steps), extend_body, carry)

  _, l, acc = carry
  out = jnp.where(l[..., None] > 0, acc / jnp.where(l > 0, l, 1.0)[..., None], 0.0)
  out = out.transpose(0, 3, 1, 2, 4).reshape(num_blocks, block_q, num_q_heads, head_dim)
  dest = jnp.where(qvalid, q_tok, num_tokens)                                 # invalid -> dropped
  result = jnp.zeros((num_tokens, num_q_heads, head_dim), q.dtype)
  return result.at[dest].set(out.astype(q.dtype), mode="drop")


def extend_attention_reference(q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, *,
                               sm_scale=None, sliding_window=None, logit_cap=None,
                               max_extend_len=None):
  """Float32 math throughout (HIGHEST matmul precision); output in q.dtype."""
  return _extend_attention_blocked(
      q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, sm_scale=sm_scale,
      sliding_window=sliding_window, logit_cap=logit_cap, max_extend_len=max_extend_len,
      block_q=64, block_kv=512, compute_dtype=_F32, precision=lax.Precision.HIGHEST)


def extend_attention_xla(q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, *,
                         sm_scale=None, sliding_window=None, logit_cap=None, max_extend_len=None,
                         config: ExtendAttentionXlaConfig = ExtendAttentionXlaConfig(),
                         interpret: bool = False):
  """The serving XLA path: matmuls on the input dtype (tensor cores) with float32 accumulation and
  float32 softmax; float32 inputs keep full float32 precision. `interpret` is accepted so every
  impl shares the kernel's signature; XLA has no interpret mode, it is ignored."""
  del interpret
  full = q.dtype == jnp.float32
  return _extend_attention_blocked(
      q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, sm_scale=sm_scale,
      sliding_window=sliding_window, logit_cap=logit_cap, max_extend_len=max_extend_len,
      block_q=config.block_q, block_kv=config.block_kv, compute_dtype=q.dtype,
      precision=lax.Precision.HIGHEST if full else lax.Precision.DEFAULT)
