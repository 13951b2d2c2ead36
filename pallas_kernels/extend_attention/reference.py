"""Extend attention in plain JAX: the reference (float32 math) and the XLA path (native-dtype
operands, float32 accumulation) share one blocked online-softmax implementation.

Semantics (DESIGN.md §2): sequence b owns new tokens q[qo_indptr[b]:qo_indptr[b+1]] at absolute
positions prefix_lens[b] + i, and a prefix of prefix_lens[b] cached tokens at positions 0.. through
page_table[b]. A query at position p sees keys at kp <= p and, with a window W, kp > p - W.

Memory is bounded by what the batch attends to at static padded sizes: queries are gathered to
[B, max_extend_len, Hq, D]; keys are visited block by block (prefix pages gathered per block, only
from the first page inside the window), never as a dense score matrix over the cache. The loops run
only as many blocks as the longest visible prefix / extend in the batch needs.
"""

from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
from jax import lax

from pallas_kernels.extend_attention.config import ExtendAttentionXlaConfig

_F32 = jnp.float32


def _online_softmax_step(carry, q, kb, vb, kpos, kvalid, qpos, qvalid, *, sm_scale, window,
                         logit_cap, precision, compute_dtype):
  """One key block: q [B,E,Hkv,G,D]; kb, vb [B,bk,Hkv,D]; kpos, kvalid [B,bk]; qpos, qvalid [B,E]."""
  m, l, acc = carry  # [B,Hkv,G,E], [B,Hkv,G,E], [B,Hkv,G,E,D]
  kb = jnp.where(kvalid[:, :, None, None], kb, 0).astype(compute_dtype)
  vb = jnp.where(kvalid[:, :, None, None], vb, 0).astype(compute_dtype)  # NaN pages must not leak
  s = jnp.einsum("behgd,bkhd->bhgek", q, kb, precision=precision, preferred_element_type=_F32)
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
  pv = jnp.einsum("bhgek,bkhd->bhged", p.astype(compute_dtype), vb, precision=precision,
                  preferred_element_type=_F32)
  acc = acc * alpha[..., None] + pv
  return m_new, l, acc


def _extend_attention_blocked(q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, *,
                              sm_scale, sliding_window, logit_cap, max_extend_len, block_kv,
                              compute_dtype, precision):
  num_tokens, num_q_heads, head_dim = q.shape
  num_kv_heads = k.shape[1]
  group = num_q_heads // num_kv_heads
  num_seqs, max_pages = page_table.shape
  num_pages, page_size = k_cache.shape[:2]
  max_ext = num_tokens if max_extend_len is None else max_extend_len
  if sm_scale is None:
    sm_scale = 1.0 / math.sqrt(head_dim)
  out_dtype = q.dtype

  qo_indptr = qo_indptr.astype(jnp.int32)
  starts = jnp.clip(qo_indptr[:num_seqs], 0, num_tokens)
  ext_lens = jnp.clip(qo_indptr[1:] - starts, 0, jnp.minimum(max_ext, num_tokens - starts))
  prefix = jnp.clip(prefix_lens.astype(jnp.int32), 0, max_pages * page_size)

  # Queries of every sequence, padded to max_ext rows; invalid rows are zeroed (padding may be NaN).
  rows = jnp.arange(max_ext, dtype=jnp.int32)
  qvalid = rows[None, :] < ext_lens[:, None]                                # [B,E]
  q_tok = jnp.clip(starts[:, None] + rows[None, :], 0, max(num_tokens - 1, 0))
  qg = jnp.where(qvalid[:, :, None, None], q[q_tok], 0).astype(compute_dtype)
  qg = qg.reshape(num_seqs, max_ext, num_kv_heads, group, head_dim)
  qpos = prefix[:, None] + rows[None, :]

  step = functools.partial(
      _online_softmax_step, q=qg, qpos=qpos, qvalid=qvalid, sm_scale=sm_scale,
      window=sliding_window, logit_cap=logit_cap, precision=precision, compute_dtype=compute_dtype)
  carry = (jnp.full((num_seqs, num_kv_heads, group, max_ext), -jnp.inf, _F32),
           jnp.zeros((num_seqs, num_kv_heads, group, max_ext), _F32),
           jnp.zeros((num_seqs, num_kv_heads, group, max_ext, head_dim), _F32))

  # Prefix: whole pages, starting at the first page any query of the sequence can see.
  pages_per_block = max(1, min(max_pages, -(-block_kv // page_size)))
  block_prefix = pages_per_block * page_size
  if sliding_window is None:
    first_visible = jnp.zeros_like(prefix)
  else:
    first_visible = jnp.maximum(prefix - sliding_window + 1, 0)
  first_page = first_visible // page_size
  prefix_blocks = -(-(prefix - first_page * page_size) // block_prefix)
  page_offsets = jnp.arange(pages_per_block, dtype=jnp.int32)
  in_page = jnp.arange(page_size, dtype=jnp.int32)

  def prefix_body(n, carry):
    pages = first_page[:, None] + n * pages_per_block + page_offsets[None, :]  # [B,ppb]
    slot_ok = pages < max_pages
    page_ids = jnp.take_along_axis(page_table, jnp.minimum(pages, max_pages - 1), axis=1)
    page_ids = jnp.clip(page_ids, 0, num_pages - 1)
    kb = k_cache[page_ids].reshape(num_seqs, block_prefix, num_kv_heads, head_dim)
    vb = v_cache[page_ids].reshape(num_seqs, block_prefix, num_kv_heads, head_dim)
    kpos = (pages[:, :, None] * page_size + in_page[None, None, :]).reshape(num_seqs, block_prefix)
    kvalid = (jnp.repeat(slot_ok, page_size, axis=1) & (kpos < prefix[:, None])
              & (kpos >= first_visible[:, None]))
    return step(carry, kb=kb, vb=vb, kpos=kpos, kvalid=kvalid)

  if max_pages > 0:
    carry = lax.fori_loop(0, jnp.max(prefix_blocks), prefix_body, carry)

  # Extend: the new tokens themselves, causal.
  block_ext = max(1, min(block_kv, max_ext))
  ext_offsets = jnp.arange(block_ext, dtype=jnp.int32)

  def extend_body(n, carry):
    j = n * block_ext + ext_offsets[None, :]                                   # [1,bk]
    kvalid = j < ext_lens[:, None]                                             # [B,bk]
    tok = jnp.clip(starts[:, None] + j, 0, max(num_tokens - 1, 0))
    return step(carry, kb=k[tok], vb=v[tok], kpos=prefix[:, None] + j, kvalid=kvalid)

  carry = lax.fori_loop(0, -(-jnp.max(ext_lens) // block_ext), extend_body, carry)

  _, l, acc = carry
  out = jnp.where(l[..., None] > 0, acc / jnp.where(l > 0, l, 1.0)[..., None], 0.0)
  out = out.transpose(0, 3, 1, 2, 4).reshape(num_seqs, max_ext, num_q_heads, head_dim)
  dest = jnp.where(qvalid, q_tok, num_tokens)                                 # invalid -> dropped
  result = jnp.zeros((num_tokens, num_q_heads, head_dim), out_dtype)
  return result.at[dest].set(out.astype(out_dtype), mode="drop")


def extend_attention_reference(q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, *,
                               sm_scale=None, sliding_window=None, logit_cap=None,
                               max_extend_len=None):
  """Float32 math throughout (HIGHEST matmul precision); output in q.dtype."""
  return _extend_attention_blocked(
      q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, sm_scale=sm_scale,
      sliding_window=sliding_window, logit_cap=logit_cap, max_extend_len=max_extend_len,
      block_kv=512, compute_dtype=_F32, precision=lax.Precision.HIGHEST)


def extend_attention_xla(q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, *,
                         sm_scale=None, sliding_window=None, logit_cap=None, max_extend_len=None,
                         config: ExtendAttentionXlaConfig = ExtendAttentionXlaConfig()):
  """The serving XLA path: matmuls on the input dtype (tensor cores) with float32 accumulation and
  float32 softmax; float32 inputs keep full float32 precision."""
  full = q.dtype == jnp.float32
  return _extend_attention_blocked(
      q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, sm_scale=sm_scale,
      sliding_window=sliding_window, logit_cap=logit_cap, max_extend_len=max_extend_len,
      block_kv=config.block_kv, compute_dtype=q.dtype,
      precision=lax.Precision.HIGHEST if full else lax.Precision.DEFAULT)
