"""Shared test helpers: independent float64 numpy oracles and random ragged inputs."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np

from jaxkern import _compat
from jaxkern.checks import rel_err  # noqa: F401  (one definition, re-exported for the tests)

# The abstract mesh the interpret-mode kernel tests trace under: its device kind gives the
# kernels their DeviceSpec (an H200) on a CPU machine.
H200_MESH = _compat.make_abstract_mesh((1,), ("x",), device_kind="NVIDIA H200")


def cpu_mesh(shape, names):
  """A mesh of Auto axes over the first prod(shape) forced host devices."""
  n = int(np.prod(shape))
  return jax.make_mesh(shape, names, axis_types=(jax.sharding.AxisType.Auto,) * len(shape),
                       devices=jax.devices()[:n])


def operand_copies(mlir: str, element: str = "bf16") -> list[str]:
  """The pads and concatenations of `element` tensors in an exported module's text: copies of
  the operands a kernel call should not make (metadata arrays of other types are left out)."""
  return [line.strip() for line in mlir.splitlines()
          if ("stablehlo.pad" in line or "stablehlo.concatenate" in line)
          and f"x{element}>" in line]


TOL = {jnp.float32: 2e-5, jnp.bfloat16: 2e-2, jnp.float16: 4e-3}


def tol_for(dtype) -> float:
  return TOL[jnp.dtype(dtype).type]


# ----------------------------------------------------------------------------- extend attention


@dataclasses.dataclass
class ExtendInputs:
  q: np.ndarray
  k: np.ndarray
  v: np.ndarray
  k_cache: np.ndarray
  v_cache: np.ndarray
  page_table: np.ndarray
  prefix_lens: np.ndarray
  qo_indptr: np.ndarray

  def args(self, dtype):
    cast = lambda x: jnp.asarray(x, dtype)
    return (cast(self.q), cast(self.k), cast(self.v), cast(self.k_cache), cast(self.v_cache),
            jnp.asarray(self.page_table), jnp.asarray(self.prefix_lens), jnp.asarray(self.qo_indptr))


def make_extend_inputs(rng: np.random.Generator, seqs, *, num_q_heads, num_kv_heads, head_dim,
                       page_size, pad_tokens=3, spare_slots=2, spare_pages=3,
                       read_garbage=np.nan) -> ExtendInputs:
  """seqs: [(prefix_len, extend_len)]. Unused pages and unused page-table slots are NaN-poisoned so
  any leak shows up as NaN. Cache slots past each prefix in its last page and the k/v rows of
  padded tokens get `read_garbage` (NaN by default; the Pallas kernel reads and masks them, so its
  tests give them a large finite value); padded q rows are always NaN."""
  num_seqs = len(seqs)
  pages_needed = [-(-p // page_size) for p, _ in seqs]
  max_pages = max(pages_needed + [1]) + spare_slots
  num_pages = sum(pages_needed) + spare_pages
  perm = rng.permutation(num_pages)
  poison_pages = perm[sum(pages_needed):]
  page_table = np.empty((num_seqs, max_pages), np.int32)
  k_cache = rng.standard_normal((num_pages, page_size, num_kv_heads, head_dim))
  v_cache = rng.standard_normal((num_pages, page_size, num_kv_heads, head_dim))
  k_cache[poison_pages] = np.nan
  v_cache[poison_pages] = np.nan
  used = 0
  for b, (prefix, _) in enumerate(seqs):
    own = perm[used:used + pages_needed[b]]
    used += pages_needed[b]
    junk = rng.choice(poison_pages, size=max_pages - len(own)) if len(poison_pages) else 0
    page_table[b] = np.concatenate([own, np.broadcast_to(junk, (max_pages - len(own),))])
    if prefix % page_size and len(own):  # tail of the last page past the prefix
      k_cache[own[-1], prefix % page_size:] = read_garbage
      v_cache[own[-1], prefix % page_size:] = read_garbage
  ext = [e for _, e in seqs]
  qo_indptr = np.concatenate([[0], np.cumsum(ext)]).astype(np.int32)
  num_tokens = int(qo_indptr[-1]) + pad_tokens
  shape_q = (num_tokens, num_q_heads, head_dim)
  shape_kv = (num_tokens, num_kv_heads, head_dim)
  q, k, v = (rng.standard_normal(s) for s in (shape_q, shape_kv, shape_kv))
  q[qo_indptr[-1]:] = np.nan
  for x in (k, v):
    x[qo_indptr[-1]:] = read_garbage
  return ExtendInputs(q, k, v, k_cache, v_cache, page_table,
                      np.array([p for p, _ in seqs], np.int32), qo_indptr)


def extend_attention_numpy(x: ExtendInputs, *, sm_scale=None, sliding_window=None, logit_cap=None,
                           dtype=None):
  """Float64, one query at a time: the plainest possible statement of DESIGN.md §2."""
  cast = (lambda a: np.asarray(jnp.asarray(a, dtype), np.float64)) if dtype else np.asarray
  q, k, v, kc, vc = (cast(a) for a in (x.q, x.k, x.v, x.k_cache, x.v_cache))
  num_tokens, num_q_heads, head_dim = q.shape
  group = num_q_heads // k.shape[1]
  page_size = kc.shape[1]
  scale = 1.0 / np.sqrt(head_dim) if sm_scale is None else sm_scale
  out = np.zeros((num_tokens, num_q_heads, head_dim))
  for b in range(len(x.prefix_lens)):
    prefix = int(x.prefix_lens[b])
    start, end = int(x.qo_indptr[b]), int(x.qo_indptr[b + 1])
    pos = np.arange(prefix)
    pk = kc[x.page_table[b, pos // page_size], pos % page_size]
    pv = vc[x.page_table[b, pos // page_size], pos % page_size]
    keys = np.concatenate([pk, k[start:end]])
    vals = np.concatenate([pv, v[start:end]])
    kpos = np.arange(prefix + end - start)
    for i in range(end - start):
      p = prefix + i
      vis = kpos <= p
      if sliding_window is not None:
        vis &= kpos > p - sliding_window
      if not vis.any():
        continue
      for h in range(num_q_heads):
        s = keys[vis, h // group] @ q[start + i, h] * scale
        if logit_cap is not None:
          s = logit_cap * np.tanh(s / logit_cap)
        w = np.exp(s - s.max())
        out[start + i, h] = w @ vals[vis, h // group] / w.sum()
  return out


# ----------------------------------------------------------------------------- grouped GEMM

FP8 = jnp.float8_e4m3fn


def dequant_lhs(q, scale):
  q = np.asarray(q, np.float64)
  return q * np.repeat(np.asarray(scale, np.float64), 128, axis=-1)


def dequant_rhs(q, scale):
  q = np.asarray(q, np.float64)
  n = q.shape[-1]
  s = np.repeat(np.repeat(np.asarray(scale, np.float64), 128, axis=1), 128, axis=2)[..., :n]
  return q * s


def grouped_gemm_numpy(lhs, rhs, group_sizes=None, masked_m=None, activation=None):
  """Float64 oracle: contiguous (lhs [M,K]) or masked (lhs [G,M_max,K]) layout."""
  lhs = np.asarray(lhs, np.float64)
  rhs = np.asarray(rhs, np.float64)
  if masked_m is None:
    out = np.zeros((lhs.shape[0], rhs.shape[2]))
    start = 0
    for g, size in enumerate(np.asarray(group_sizes)):
      out[start:start + size] = lhs[start:start + size] @ rhs[g]
      start += size
  else:
    out = np.zeros((lhs.shape[0], lhs.shape[1], rhs.shape[2]))
    for g, m in enumerate(np.asarray(masked_m)):
      out[g, :m] = lhs[g, :m] @ rhs[g]
  if activation == "swiglu":
    half = out.shape[-1] // 2
    gate, up = out[..., :half], out[..., half:]
    out = gate / (1.0 + np.exp(-gate)) * up
  return out


def random_group_sizes(rng, num_groups, total, *, empty=0):
  """Ragged sizes summing to `total` with `empty` groups of size 0."""
  cuts = np.sort(rng.integers(0, total + 1, size=num_groups - 1))
  sizes = np.diff(np.concatenate([[0], cuts, [total]])).astype(np.int32)
  if empty:
    idx = rng.choice(num_groups, size=empty, replace=False)
    moved = sizes[idx].sum()
    sizes[idx] = 0
    keep = [i for i in range(num_groups) if i not in set(idx)]
    sizes[keep[0]] += moved
  return sizes


def snapshot_consumer(*, num_ctas: int, num_blocks: int, block_m: int, n_out: int, target: int,
                      dtype, interpret: bool, chunk: int = 64):
  """A SignalConsumer for the grouped GEMM (pallas_kernels.grouped_gemm) that copies
  every signal block of the output as soon as its signal reaches `target` (CTA c takes blocks
  c, c + num_ctas, ...). Results: the copies [num_blocks * block_m, n_out] and, per block, how
  many reads found the signal below target (> 0: the copy waited on the running GEMM). A copy
  equal to the final output shows that a complete signal means final data."""
  from jax import lax
  from jax.experimental import pallas as pl

  from pallas_kernels import _mgpu
  from pallas_kernels.grouped_gemm.support import SignalConsumer

  def body(cta, signals, out, snap, polls):
    def block(b, carry):
      _mgpu.signal_wait(signals.at[pl.ds(b, 1)], target, interpret=interpret,
                        polls=polls.at[pl.ds(b, 1)])
      rows = pl.ds(b * block_m, block_m)

      def copy(c, carry):
        cols = pl.ds(pl.multiple_of(c * chunk, chunk), chunk)
        snap[rows, cols] = out[rows, cols]
        return carry
      return lax.fori_loop(0, n_out // chunk, copy, carry)
    lax.fori_loop(0, lax.div(num_blocks - 1 - cta, num_ctas) + 1,
                  lambda i, carry: block(cta + i * num_ctas, carry), None)

  return SignalConsumer(num_ctas=num_ctas, body=body, out_type=(
      jax.ShapeDtypeStruct((num_blocks * block_m, n_out), dtype),
      jax.ShapeDtypeStruct((num_blocks,), jnp.int32)))
