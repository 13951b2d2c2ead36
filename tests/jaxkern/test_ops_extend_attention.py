"""jaxkern.extend_attention: end to end through the cost model, and every documented ValueError."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jaxkern
from _testing import extend_attention_numpy, make_extend_inputs, rel_err, tol_for


def _inputs(rng, dtype=jnp.bfloat16):
  x = make_extend_inputs(rng, [(0, 6), (10, 4), (25, 1), (7, 1)], num_q_heads=4, num_kv_heads=2,
                         head_dim=32, page_size=4)
  return x, x.args(dtype)


@pytest.mark.parametrize("dtype", [jnp.bfloat16, jnp.float16, jnp.float32])
def test_public_op_matches_numpy(rng, dtype):
  x, args = _inputs(rng, dtype)
  out = jaxkern.extend_attention(*args, sliding_window=6, logit_cap=10.0, max_extend_len=6)
  want = extend_attention_numpy(x, sliding_window=6, logit_cap=10.0, dtype=dtype)
  assert rel_err(out, want) < tol_for(dtype)


def test_inside_user_jit(rng):
  x, args = _inputs(rng)
  f = jax.jit(lambda *a: jaxkern.extend_attention(*a) * 2)
  assert rel_err(f(*args), 2 * extend_attention_numpy(x, dtype=jnp.bfloat16)) < 2e-2


def _replace(args, i, value):
  args = list(args)
  args[i] = value
  return args


S = jax.ShapeDtypeStruct
BAD = [
    # (argument index, replacement, words the message must contain)
    (0, S((15, 4, 32, 1), jnp.bfloat16), "q must be 3-D"),
    (1, S((15, 3, 32), jnp.bfloat16), "multiple of"),
    (1, S((15, 2, 16), jnp.bfloat16), "k must be [T=15, Hkv, D=32]"),
    (2, S((15, 2, 16), jnp.bfloat16), "v must have k's shape"),
    (3, S((10, 4, 2, 64), jnp.bfloat16), "k_cache must be"),
    (4, S((9, 4, 2, 32), jnp.bfloat16), "v_cache must have k_cache's shape"),
    (1, S((15, 2, 32), jnp.float32), "must share one dtype"),
    (5, S((4,), jnp.int32), "page_table must be 2-D"),
    (5, S((4, 9), jnp.float32), "page_table must have an integer dtype"),
    (6, S((3,), jnp.int32), "prefix_lens must be [B=4]"),
    (7, S((4,), jnp.int32), "qo_indptr must be [B+1=5]"),
    (7, S((5,), jnp.float32), "qo_indptr must have an integer dtype"),
]


@pytest.mark.parametrize("index,bad,words", BAD)
def test_bad_arrays_raise_value_error(rng, index, bad, words):
  _, args = _inputs(rng)
  specs = [S(a.shape, a.dtype) for a in args]
  with pytest.raises(ValueError, match=None) as e:
    jax.eval_shape(jaxkern.extend_attention, *_replace(specs, index, bad))
  assert words in str(e.value)


def test_bad_dtype(rng):
  _, args = _inputs(rng)
  specs = [S(a.shape, jnp.int8 if i < 5 else a.dtype) for i, a in enumerate(args)]
  with pytest.raises(ValueError, match="q must be one of bfloat16, float16, float32"):
    jax.eval_shape(jaxkern.extend_attention, *specs)


@pytest.mark.parametrize("kw,words", [
    (dict(sliding_window=0), "sliding_window must be None or a positive int"),
    (dict(sliding_window=-1), "sliding_window"),
    (dict(logit_cap=0.0), "logit_cap must be None or a positive number"),
    (dict(sm_scale=-1.0), "sm_scale"),
    (dict(max_extend_len=0), "max_extend_len"),
    (dict(max_extend_len=100), "exceeds T=15"),
    (dict(impl="cuda"), "impl='cuda' is not one of"),
    (dict(impl="xla", config=jaxkern.GroupedGemmXlaConfig()), "needs an ExtendAttentionXlaConfig"),
])
def test_bad_static_arguments(rng, kw, words):
  _, args = _inputs(rng)
  with pytest.raises(ValueError) as e:
    jaxkern.extend_attention(*args, **kw)
  assert words in str(e.value)


def test_config_validation():
  with pytest.raises(ValueError, match="block_kv"):
    jaxkern.ExtendAttentionXlaConfig(block_kv=0)


@pytest.mark.parametrize("head_dim", [64, 128, 256, 512])
def test_every_head_dim(rng, head_dim):
  x = make_extend_inputs(rng, [(5, 3), (0, 2)], num_q_heads=2, num_kv_heads=1, head_dim=head_dim,
                         page_size=4)
  out = jaxkern.extend_attention(*x.args(jnp.float32))
  assert rel_err(out, extend_attention_numpy(x)) < 1e-5


# Mixed prefill + decode batches (jaxkern.MixedBatch): decode rows first.
MIXED_SEQS = [(11, 1), (30, 2), (5, 1), (0, 9), (13, 6)]     # 3 decode rows, then 2 prefill rows


def _mixed_inputs(rng):
  x = make_extend_inputs(rng, MIXED_SEQS, num_q_heads=4, num_kv_heads=2, head_dim=32, page_size=4)
  return x, x.args(jnp.bfloat16)


@pytest.mark.parametrize("plan", ["split", "one"])
def test_mixed_batch_plans_match_numpy(rng, plan):
  x, args = _mixed_inputs(rng)
  mixed = jaxkern.MixedBatch(num_decode_seqs=3, max_decode_len=2)
  fn = lambda *a: jaxkern.extend_attention(*a, sliding_window=20, max_extend_len=9, mixed=mixed)
  with jaxkern.policy(extend_attention_mixed=plan):
    choices = jaxkern.explain(fn, *args)
    out = jax.jit(fn)(*args)
  assert choices[0].op == "extend_attention_mixed" and choices[0].impl == plan
  parts = [(c.problem.num_seqs, c.problem.max_extend_len, c.problem.regime) for c in choices[1:]]
  assert parts == ([(2, 9, "verify"), (3, 2, "verify")] if plan == "split" else [(5, 9, "mixed")])
  want = extend_attention_numpy(x, sliding_window=20, dtype=jnp.bfloat16)
  assert rel_err(out, want) < 2e-2
  assert np.all(np.asarray(out[int(x.qo_indptr[-1]):]) == 0)


def test_mixed_batch_default_plan_and_decode_rows_past_their_bound(rng):
  x, args = _mixed_inputs(rng)
  # max_decode_len=1 is broken by the second decode row (2 tokens). Split plan: its second token
  # (row 2) is not computed, as with max_extend_len, and the third row's token (row 3) lies past
  # the 3 * 1 decode rows: both are zeros; every other row is exact.
  with jaxkern.policy(extend_attention_mixed="split"):
    out = jaxkern.extend_attention(*args, mixed=jaxkern.MixedBatch(3, 1))
  want = np.asarray(extend_attention_numpy(x, dtype=jnp.bfloat16), np.float32)
  assert np.all(np.asarray(out[2:4]) == 0)
  want[2:4] = 0
  assert rel_err(out, want) < 2e-2
  [plan, *_] = jaxkern.explain(
      lambda *a: jaxkern.extend_attention(*a, mixed=jaxkern.MixedBatch(3, 2)), *args)
  assert plan.impl == "one" and plan.source == "formula"   # CPU: no measured plan table


def test_mixed_batch_all_decode_rows_and_no_decode_rows(rng):
  x, args = _mixed_inputs(rng)
  want = extend_attention_numpy(x, dtype=jnp.bfloat16)
  for mixed in (jaxkern.MixedBatch(0, 1), jaxkern.MixedBatch(5, 9)):
    choices = jaxkern.explain(lambda *a: jaxkern.extend_attention(*a, mixed=mixed), *args)
    assert [c.op for c in choices] == ["extend_attention"]
    assert rel_err(jaxkern.extend_attention(*args, mixed=mixed), want) < 2e-2


@pytest.mark.parametrize("mixed,words", [
    (jaxkern.MixedBatch(6, 1), "num_decode_seqs=6 exceeds the batch's B=5"),
    (jaxkern.MixedBatch(2, 23), "max_decode_len=23 exceeds max_extend_len=22"),
    ((3, 1), "mixed must be a jaxkern.MixedBatch"),
])
def test_mixed_batch_bad_description(rng, mixed, words):
  _, args = _mixed_inputs(rng)
  with pytest.raises(ValueError) as e:
    jaxkern.extend_attention(*args, mixed=mixed)
  assert words in str(e.value)


def test_mixed_batch_fields_validated():
  with pytest.raises(ValueError, match="num_decode_seqs must be an int >= 0"):
    jaxkern.MixedBatch(-1)
  with pytest.raises(ValueError, match="max_decode_len must be an int >= 1"):
    jaxkern.MixedBatch(2, 0)
