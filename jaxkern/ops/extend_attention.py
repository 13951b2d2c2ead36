"""jaxkern.extend_attention: validate -> choose -> call."""

from __future__ import annotations

import dataclasses
import functools

import jax
import jax.numpy as jnp

from jaxkern.device import DeviceSpec
from jaxkern.ops import _validate as V
from jaxkern.rules import decide
from jaxkern.rules import extend_attention as rule
from jaxkern.rules import extend_attention_mixed as mixed_rule
from pallas_kernels.extend_attention import extend_attention_xla
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas

_OP = "extend_attention"
_DTYPES = (jnp.bfloat16, jnp.float16, jnp.float32)
_IMPLS = {"xla": extend_attention_xla, "pallas": extend_attention_pallas}


@dataclasses.dataclass(frozen=True)
class MixedBatch:
  """Static description of a mixed prefill + decode batch, for `extend_attention(mixed=...)`.

  The batch's first `num_decode_seqs` sequences are decode / speculative-verify rows with at most
  `max_decode_len` new tokens each, so their tokens are the first rows of q; the other sequences
  are prefill (or chunked-prefill) rows, bounded by `max_extend_len`. Build it once per step from
  the scheduler's counts (decode rows first, as SGLang and vLLM order a mixed batch); its values
  are part of the jit cache key, so keep them to a few buckets (pad the decode count). Both are
  promises nothing checks at run time: decode tokens past a row's `max_decode_len`, or past row
  `num_decode_seqs * max_decode_len` of q, are not guaranteed to be computed (the "split" plan
  returns zeros for them, as for tokens past `max_extend_len`).
  """

  num_decode_seqs: int
  max_decode_len: int = 1

  def __post_init__(self):
    for name, least in (("num_decode_seqs", 0), ("max_decode_len", 1)):
      value = getattr(self, name)
      if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ValueError(f"MixedBatch.{name} must be an int >= {least}, got {value!r}")


def attention_problem(q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, *, sm_scale,
             sliding_window, logit_cap, max_extend_len) -> rule.ExtendAttentionProblem:
  V.rank(_OP, "q", q, 3, "[T, Hq, D]")
  V.rank(_OP, "k", k, 3, "[T, Hkv, D]")
  num_tokens, num_q_heads, head_dim = q.shape
  if k.shape[0] != num_tokens or k.shape[2] != head_dim:
    raise ValueError(f"{_OP}: k must be [T={num_tokens}, Hkv, D={head_dim}] like q "
                     f"{V.describe(q)}; got {V.describe(k)}")
  num_kv_heads = k.shape[1]
  if num_kv_heads == 0 or num_q_heads % num_kv_heads:
    raise ValueError(f"{_OP}: Hq={num_q_heads} (q.shape[1]) must be a multiple of "
                     f"Hkv={num_kv_heads} (k.shape[1]) for GQA")
  if v.shape != k.shape:
    raise ValueError(f"{_OP}: v must have k's shape {list(k.shape)}; got {V.describe(v)}")
  V.rank(_OP, "k_cache", k_cache, 4, "[num_pages, page_size, Hkv, D]")
  if k_cache.shape[2:] != (num_kv_heads, head_dim) or k_cache.shape[1] < 1:
    raise ValueError(f"{_OP}: k_cache must be [num_pages, page_size>=1, Hkv={num_kv_heads}, "
                     f"D={head_dim}]; got {V.describe(k_cache)}")
  if v_cache.shape != k_cache.shape:
    raise ValueError(f"{_OP}: v_cache must have k_cache's shape {list(k_cache.shape)}; "
                     f"got {V.describe(v_cache)}")
  V.dtype_in(_OP, "q", q, _DTYPES)
  V.same_dtype(_OP, "q, k, v, k_cache, v_cache", q, k, v, k_cache, v_cache)
  V.rank(_OP, "page_table", page_table, 2, "[B, max_pages]")
  V.integer(_OP, "page_table", page_table)
  num_seqs = page_table.shape[0]
  V.rank(_OP, "prefix_lens", prefix_lens, 1, f"[B={num_seqs}]")
  V.dim(_OP, "prefix_lens", prefix_lens, 0, num_seqs, f"[B={num_seqs}] (B = page_table.shape[0])")
  V.integer(_OP, "prefix_lens", prefix_lens)
  V.rank(_OP, "qo_indptr", qo_indptr, 1, f"[B+1={num_seqs + 1}]")
  V.dim(_OP, "qo_indptr", qo_indptr, 0, num_seqs + 1,
        f"[B+1={num_seqs + 1}] (B = page_table.shape[0])")
  V.integer(_OP, "qo_indptr", qo_indptr)
  if sm_scale is not None:
    V.positive_number(_OP, "sm_scale", sm_scale)
  if sliding_window is not None:
    V.positive_number(_OP, "sliding_window", sliding_window, integer_only=True)
  if logit_cap is not None:
    V.positive_number(_OP, "logit_cap", logit_cap)
  if max_extend_len is None:
    max_extend_len = num_tokens
  else:
    V.positive_number(_OP, "max_extend_len", max_extend_len, integer_only=True)
    if max_extend_len > num_tokens:
      raise ValueError(f"{_OP}: max_extend_len={max_extend_len} exceeds T={num_tokens} "
                       "(q.shape[0]); it bounds the longest extend of any sequence")
  return rule.ExtendAttentionProblem(
      num_tokens=num_tokens, num_seqs=num_seqs, num_q_heads=num_q_heads,
      num_kv_heads=num_kv_heads, head_dim=head_dim, dtype=jnp.dtype(q.dtype).name,
      page_size=k_cache.shape[1], max_pages=page_table.shape[1],
      max_extend_len=int(max_extend_len),
      sliding_window=None if sliding_window is None else int(sliding_window),
      logit_cap=logit_cap is not None)


def _check_mixed(mixed, problem) -> None:
  if not isinstance(mixed, MixedBatch):
    raise ValueError(f"{_OP}: mixed must be a jaxkern.MixedBatch, got {mixed!r}")
  if mixed.num_decode_seqs > problem.num_seqs:
    raise ValueError(f"{_OP}: mixed.num_decode_seqs={mixed.num_decode_seqs} exceeds the batch's "
                     f"B={problem.num_seqs} sequences (page_table.shape[0])")
  if mixed.max_decode_len > problem.max_extend_len:
    raise ValueError(f"{_OP}: mixed.max_decode_len={mixed.max_decode_len} exceeds "
                     f"max_extend_len={problem.max_extend_len}")


def _mixed_parts(args, problem, mixed: MixedBatch, kw):
  """(the plan rule's problem, the decode rows' arguments, the prefill rows' arguments); needs
  0 < num_decode_seqs < B. The decode rows' arguments are their tokens (at most num_decode_seqs *
  max_decode_len leading rows of q); the prefill rows' take all of q (their tiles over the decode
  tokens do nothing)."""
  q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr = args
  n = mixed.num_decode_seqs
  rows = min(q.shape[0], n * mixed.max_decode_len)
  decode_args = (q[:rows], k[:rows], v[:rows], k_cache, v_cache, page_table[:n], prefix_lens[:n],
                 qo_indptr[:n + 1])
  prefill_args = (q, k, v, k_cache, v_cache, page_table[n:], prefix_lens[n:], qo_indptr[n:])
  mp = mixed_rule.MixedAttentionProblem(
      whole=dataclasses.replace(problem, decode_seqs=n, max_decode_len=mixed.max_decode_len),
      decode=attention_problem(*decode_args, **kw,
                               max_extend_len=min(mixed.max_decode_len, rows)),
      prefill=attention_problem(*prefill_args, **kw, max_extend_len=problem.max_extend_len))
  return mp, decode_args, prefill_args


def _call(args, problem, device, *, impl, config, sm_scale, sliding_window, logit_cap):
  choice = decide(rule, problem, device, impl=impl, config=config)
  return _IMPLS[choice.impl](
      *args, sm_scale=sm_scale, sliding_window=sliding_window, logit_cap=logit_cap,
      max_extend_len=problem.max_extend_len, config=choice.config, interpret=choice.interpret)


@functools.partial(jax.jit, static_argnames=("sm_scale", "sliding_window", "logit_cap",
                                             "max_extend_len", "mixed", "impl", "config"))
def extend_attention(q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr, *,
                     sm_scale=None, sliding_window=None, logit_cap=None, max_extend_len=None,
                     mixed: MixedBatch | None = None, impl=None, config=None):
  """Ragged batched attention of new tokens over a paged KV-cache prefix plus themselves.

  q [T, Hq, D]; k, v [T, Hkv, D]: the extend tokens of all B sequences concatenated, sequence b
  owning rows qo_indptr[b]:qo_indptr[b+1] (rows past qo_indptr[B] are padding: output 0).
  k_cache, v_cache [num_pages, page_size, Hkv, D]; page_table [B, max_pages]; prefix_lens [B]:
  the cached prefix of sequence b is its first prefix_lens[b] tokens through page_table[b].
  Causal over prefix + extend; `sliding_window=W`: each query sees its last W keys (itself
  included); `logit_cap=c`: scores -> c*tanh(s/c); GQA head h uses KV head h // (Hq // Hkv).
  `max_extend_len` is a static bound on every sequence's extend length (default T): tokens of a
  sequence beyond it are not computed (output 0). Returns [T, Hq, D] in q.dtype.

  `mixed=MixedBatch(num_decode_seqs, max_decode_len)` says the first sequences are decode rows
  (see MixedBatch); the rule then runs the batch as one launch or as a decode call plus a prefill
  call, whichever its measured table says is faster (`jaxkern.explain` shows the plan and each
  call's choice; `jaxkern.policy(extend_attention_mixed="one" | "split")` forces it). Without it a
  batch is taken as uniform. `config=` (one config for the whole batch) implies one launch.
  """
  args = (q, k, v, k_cache, v_cache, page_table, prefix_lens, qo_indptr)
  kw = dict(sm_scale=sm_scale, sliding_window=sliding_window, logit_cap=logit_cap)
  problem = attention_problem(*args, max_extend_len=max_extend_len, **kw)
  device = DeviceSpec.current()
  if mixed is not None:
    _check_mixed(mixed, problem)
    if mixed.num_decode_seqs == problem.num_seqs:     # all decode rows: a tighter extend bound
      problem = dataclasses.replace(problem, max_extend_len=mixed.max_decode_len)
    elif mixed.num_decode_seqs and config is None:
      mp, decode_args, prefill_args = _mixed_parts(args, problem, mixed, kw)
      plan = decide(mixed_rule, mp, device)
      if plan.impl == "one":
        problem = mp.whole
      else:
        out = _call(prefill_args, mp.prefill, device, impl=impl, config=None, **kw)
        dec = _call(decode_args, mp.decode, device, impl=impl, config=None, **kw)
        rows = dec.shape[0]      # decode tokens: rows below qo_indptr[num_decode_seqs]
        mine = (jnp.arange(rows) < qo_indptr[mixed.num_decode_seqs])[:, None, None]
        # A concatenation, not `out.at[:rows].set(...)`: XLA 0.11.2's GPU DynamicSliceFusion
        # rejects an in-place update of a Mosaic GPU call's output ("DUS target must be a fusion
        # parameter"), seen on the H200. It costs one pass over the result.
        return jnp.concatenate([jnp.where(mine, dec, out[:rows]), out[rows:]])
  return _call(args, problem, device, impl=impl, config=config, **kw)
