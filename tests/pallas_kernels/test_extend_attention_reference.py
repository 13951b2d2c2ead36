"""Tier 1: the reference and the XLA path vs an independent float64 numpy statement of DESIGN §2."""

import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from _testing import extend_attention_numpy, make_extend_inputs, rel_err, tol_for
from pallas_kernels.extend_attention import (
    ExtendAttentionXlaConfig, extend_attention_reference, extend_attention_xla)
from pallas_kernels.extend_attention.reference import query_blocks

MIXED = [(0, 7), (9, 3), (21, 1), (3, 5), (40, 1)]  # prefill, chunked, decode rows, ...

CASES = [
    # seqs, Hq, Hkv, D, page_size, window, cap
    (MIXED, 4, 2, 16, 4, None, None),
    (MIXED, 4, 2, 16, 1, None, None),             # SGLang token-slot layout
    (MIXED, 4, 4, 16, 16, None, None),            # GQA 1
    (MIXED, 8, 2, 16, 4, 3, None),                # GQA 4, window shorter than sequences
    (MIXED, 4, 2, 16, 4, 100, None),              # window longer than every sequence
    (MIXED, 4, 2, 16, 4, None, 2.0),              # soft-cap that bites
    ([(0, 9), (0, 4)], 2, 1, 32, 8, 4, 5.0),      # prefix 0, window + cap
    ([(33, 1)] * 3, 4, 2, 64, 16, None, None),    # decode only, D 64
    ([(17, 4)] * 4, 4, 2, 16, 1, 8, None),        # verify rows over a prefix, window
]


@pytest.mark.parametrize("seqs,hq,hkv,d,page_size,window,cap", CASES)
@pytest.mark.parametrize("dtype", [jnp.float32, jnp.bfloat16])
def test_reference_and_xla_match_numpy(rng, seqs, hq, hkv, d, page_size, window, cap, dtype):
  x = make_extend_inputs(rng, seqs, num_q_heads=hq, num_kv_heads=hkv, head_dim=d,
                         page_size=page_size)
  want = extend_attention_numpy(x, sliding_window=window, logit_cap=cap, dtype=dtype)
  kw = dict(sliding_window=window, logit_cap=cap)
  ref = extend_attention_reference(*x.args(dtype), **kw)
  # block_kv 4: several prefix and extend blocks, partial last blocks.
  xla = extend_attention_xla(*x.args(dtype), **kw, config=ExtendAttentionXlaConfig(block_q=2, block_kv=4))
  for out in (ref, xla):
    assert out.dtype == dtype and out.shape == x.q.shape
    assert rel_err(out, want) < tol_for(dtype)
    # Padded rows (NaN-poisoned inputs) come back as exact zeros.
    assert np.all(np.asarray(out[x.qo_indptr[-1]:], np.float32) == 0)


def test_fp16_and_custom_scale(rng):
  x = make_extend_inputs(rng, MIXED, num_q_heads=4, num_kv_heads=2, head_dim=16, page_size=4)
  want = extend_attention_numpy(x, sm_scale=0.3, dtype=jnp.float16)
  out = extend_attention_xla(*x.args(jnp.float16), sm_scale=0.3)
  assert rel_err(out, want) < tol_for(jnp.float16)


def test_max_extend_len_hint_and_empty_sequences(rng):
  seqs = [(5, 3), (0, 0), (12, 2), (0, 0)]  # sequences with nothing to compute
  x = make_extend_inputs(rng, seqs, num_q_heads=2, num_kv_heads=1, head_dim=16, page_size=4)
  want = extend_attention_numpy(x)
  out = extend_attention_xla(*x.args(jnp.float32), max_extend_len=3)
  assert rel_err(out, want) < 1e-5


def test_fully_masked_rows_are_zero_not_nan(rng):
  """A sequence whose qo slice is past T's valid rows gets zeros, and no NaN anywhere."""
  x = make_extend_inputs(rng, [(4, 2)], num_q_heads=2, num_kv_heads=1, head_dim=16, page_size=2)
  x.qo_indptr = np.array([0, 0], np.int32)  # the only sequence has no new tokens
  out = np.asarray(extend_attention_xla(*x.args(jnp.float32)))
  assert np.all(out == 0)


@settings(max_examples=6, deadline=None)
@given(st.data())
def test_random_ragged_batches(data):
  rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
  num_seqs = data.draw(st.integers(1, 4))
  seqs = [(data.draw(st.integers(0, 24)), data.draw(st.integers(1, 6))) for _ in range(num_seqs)]
  page_size = data.draw(st.sampled_from([1, 2, 8]))
  window = data.draw(st.sampled_from([None, 1, 5, 30]))
  cap = data.draw(st.sampled_from([None, 3.0]))
  x = make_extend_inputs(rng, seqs, num_q_heads=4, num_kv_heads=2, head_dim=8,
                         page_size=page_size)
  want = extend_attention_numpy(x, sliding_window=window, logit_cap=cap)
  out = extend_attention_xla(*x.args(jnp.float32), sliding_window=window, logit_cap=cap,
                             config=ExtendAttentionXlaConfig(block_q=3, block_kv=8))
  assert rel_err(out, want) < 1e-5


@pytest.mark.parametrize("block_q", [1, 3, 8])
def test_query_blocks_cover_every_token_once(rng, block_q):
  for _ in range(5):
    ext = rng.integers(0, 12, size=int(rng.integers(1, 6)))
    indptr = np.concatenate([[0], np.cumsum(ext)]).astype(np.int32)
    num_tokens = int(indptr[-1]) + int(rng.integers(1, 4))
    seq, row0, valid, starts, ext_lens, _ = (np.asarray(a) for a in query_blocks(
        jnp.asarray(indptr), jnp.zeros(len(ext), jnp.int32), num_tokens=num_tokens,
        max_extend_len=int(max(ext.max(), 1)), block_q=block_q, max_prefix=0))
    seen = np.zeros(num_tokens, int)
    for s, r, ok in zip(seq, row0, valid):
      if ok:
        rows = np.arange(r, min(r + block_q, ext_lens[s]))
        assert len(rows) > 0
        seen[starts[s] + rows] += 1
    assert np.all(seen[: indptr[-1]] == 1) and np.all(seen[indptr[-1]:] == 0)
