"""A small serving step through every public op, checked against the references.

One batch mixes speculative-verify rows (4 tokens over a long prefix), decode rows, a long prefill
and a chunked prefill over a cached prefix (decode rows first, described by `jaxkern.MixedBatch`);
it runs through a sliding-window and a global attention layer (`extend_attention`), an MoE expert
projection (`grouped_gemm`, gate/up with fused
SwiGLU, then down), and a row-parallel projection over all local devices (`gemm_reduce_scatter`).
Prints what the cost model chose and why, the error against the float32 reference and the time.
On a GPU it uses the Gemma-4-26B-A4B shapes of PEERS.md; on CPU small ones (under a minute).
"""

from __future__ import annotations

import dataclasses
import logging
import time

import jax
import jax.numpy as jnp
import numpy as np
from absl import flags

import jaxkern
from jaxkern.checks import rel_err
from jaxkern.shapes import make_paged_batch
from pallas_kernels.extend_attention import extend_attention_reference
from pallas_kernels.grouped_gemm import grouped_gemm_reference

_SIZE = flags.DEFINE_enum("size", "auto", ["auto", "small", "gemma"],
                          "auto: gemma on a GPU, small on CPU")
_ITERS = flags.DEFINE_integer("iters", 5, "timed back-to-back calls per op")
_SEED = flags.DEFINE_integer("seed", 0, "random seed")


@dataclasses.dataclass(frozen=True)
class Sizes:
  num_q_heads: int
  num_kv_heads: int
  head_dim: int
  page_size: int
  long_prefill: int
  chunk: int            # chunked prefill of `chunk` tokens over a `chunk`-token cached prefix
  verify_seqs: int      # rows of 4 draft tokens over `verify_prefix` cached tokens
  verify_prefix: int
  decode_seqs: int      # rows of 1 token over `decode_prefix`
  decode_prefix: int
  window: int
  experts: int          # MoE: tokens are the batch's new tokens, routed top_k
  top_k: int
  hidden: int
  moe_intermediate: int
  tp_rows: int          # row-parallel projection a [tp_rows, tp_k] @ b [tp_k, hidden]
  tp_k: int


SMALL = Sizes(num_q_heads=4, num_kv_heads=2, head_dim=64, page_size=16, long_prefill=192,
              chunk=64, verify_seqs=4, verify_prefix=400, decode_seqs=4, decode_prefix=150,
              window=128, experts=8, top_k=2, hidden=256, moe_intermediate=128, tp_rows=256,
              tp_k=512)
# Gemma-4-26B-A4B, TP=2 attention shard (Hq 8, Hkv 4, head_dim 256); MoE 128 experts top-8,
# hidden 2816, moe_intermediate 704; o_proj-like row-parallel projection 4096 -> 2816.
GEMMA = Sizes(num_q_heads=8, num_kv_heads=4, head_dim=256, page_size=16, long_prefill=8192,
              chunk=1024, verify_seqs=32, verify_prefix=8000, decode_seqs=32, decode_prefix=4000,
              window=1024, experts=128, top_k=8, hidden=2816, moe_intermediate=704, tp_rows=8192,
              tp_k=4096)


def _time_us(fn, *args, iters: int) -> float:
  """Wall time per call over `iters` back-to-back calls after a warm-up (includes dispatch)."""
  jax.block_until_ready(fn(*args))
  start = time.perf_counter()
  for _ in range(iters):
    out = fn(*args)
  jax.block_until_ready(out)
  return (time.perf_counter() - start) / iters * 1e6


def attention_seqs(s: Sizes) -> list[tuple[int, int]]:
  """The mixed batch, decode and verify rows first: (prefix_len, extend_len) per sequence."""
  return ([(s.verify_prefix, 4)] * s.verify_seqs + [(s.decode_prefix, 1)] * s.decode_seqs
          + [(0, s.long_prefill), (s.chunk, s.chunk)])


def mixed_batch(s: Sizes) -> jaxkern.MixedBatch:
  """What the scheduler knows statically: how many decode / verify rows lead, and their bound."""
  return jaxkern.MixedBatch(num_decode_seqs=s.verify_seqs + s.decode_seqs, max_decode_len=4)


def _route(num_tokens: int, s: Sizes, rng) -> np.ndarray:
  """Top-k expert ids per token -> rows sorted by expert: the group sizes of the MoE GEMMs."""
  experts = np.stack([rng.choice(s.experts, s.top_k, replace=False) for _ in range(num_tokens)])
  return np.bincount(experts.ravel(), minlength=s.experts).astype(np.int32)


def run(size: Sizes, *, iters: int, seed: int) -> list[dict]:
  rng = np.random.default_rng(seed)
  results = []

  def report(name, shape, fn, ref_fn, args, tol):
    choices = jaxkern.explain(fn, *args)
    out = fn(*args)
    err = rel_err(out, ref_fn(*args))
    us = _time_us(fn, *args, iters=iters)
    results.append(dict(op=name, shape=shape, err=err, ok=err < tol, us=us, choices=choices))

  seqs = attention_seqs(size)
  args, max_ext = make_paged_batch(
      seqs, num_q_heads=size.num_q_heads, num_kv_heads=size.num_kv_heads, head_dim=size.head_dim,
      page_size=size.page_size, dtype=jnp.bfloat16, seed=seed)
  desc = (f"{len(seqs)} seqs ({size.verify_seqs}x4 over {size.verify_prefix}, "
          f"{size.decode_seqs}x1 over {size.decode_prefix}, {size.long_prefill} prefill, "
          f"{size.chunk} over {size.chunk}), T={args[0].shape[0]}, Hq={size.num_q_heads} "
          f"Hkv={size.num_kv_heads} D={size.head_dim} page={size.page_size}")
  for window in (size.window, None):
    kw = dict(sliding_window=window, max_extend_len=max_ext)
    report(f"extend_attention ({'window ' + str(window) if window else 'global'})", desc,
           jax.jit(lambda *a, kw=kw: jaxkern.extend_attention(*a, mixed=mixed_batch(size), **kw)),
           jax.jit(lambda *a, kw=kw: extend_attention_reference(*a, **kw)), args, 2e-2)

  num_tokens = args[0].shape[0]
  sizes = _route(num_tokens, size, rng)
  rows = int(sizes.sum())
  x = jnp.asarray(rng.standard_normal((rows, size.hidden), np.float32), jnp.bfloat16)
  w_gu = jnp.asarray(rng.standard_normal((size.experts, size.hidden, 2 * size.moe_intermediate),
                                         np.float32) / np.sqrt(size.hidden), jnp.bfloat16)
  w_dn = jnp.asarray(rng.standard_normal((size.experts, size.moe_intermediate, size.hidden),
                                         np.float32) / np.sqrt(size.moe_intermediate), jnp.bfloat16)
  gs = jnp.asarray(sizes)
  moe_desc = f"G={size.experts} M={rows} (top-{size.top_k} of {num_tokens} tokens)"
  report("grouped_gemm (gate/up + swiglu)", f"{moe_desc} K={size.hidden} N={2 * size.moe_intermediate}",
         jax.jit(lambda a, b, g: jaxkern.grouped_gemm(a, b, g, activation="swiglu")),
         jax.jit(lambda a, b, g: grouped_gemm_reference(a, b, g, activation="swiglu")),
         (x, w_gu, gs), 2e-2)
  h = jnp.asarray(rng.standard_normal((rows, size.moe_intermediate), np.float32), jnp.bfloat16)
  report("grouped_gemm (down)", f"{moe_desc} K={size.moe_intermediate} N={size.hidden}",
         jax.jit(jaxkern.grouped_gemm), jax.jit(grouped_gemm_reference), (h, w_dn, gs), 2e-2)

  tp = jax.device_count()
  mesh = jax.make_mesh((tp,), ("tp",))
  a = jnp.asarray(rng.standard_normal((size.tp_rows, size.tp_k), np.float32), jnp.bfloat16)
  b = jnp.asarray(rng.standard_normal((size.tp_k, size.hidden), np.float32) / np.sqrt(size.tp_k),
                  jnp.bfloat16)
  report(f"gemm_reduce_scatter (tp={tp})", f"M={size.tp_rows} K={size.tp_k} N={size.hidden}",
         jax.jit(lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh)),
         jax.jit(lambda a, b: jnp.dot(a, b, preferred_element_type=jnp.float32,
                                      precision=jax.lax.Precision.HIGHEST)), (a, b), 2e-2)
  return results


def main(argv) -> None:
  del argv
  logging.getLogger("jaxkern").setLevel(logging.WARNING)  # the demo prints every choice itself
  size = _SIZE.value
  if size == "auto":
    size = "gemma" if jax.default_backend() == "gpu" else "small"
  sizes = GEMMA if size == "gemma" else SMALL
  device = jaxkern.DeviceSpec.current()
  print(f"jaxkern {jaxkern.__version__} on {jax.device_count()} x {jax.devices()[0].device_kind} "
        f"(jax {jax.__version__}); sizes: {size}; DeviceSpec: {device.kind} ({device.source})\n")
  results = run(sizes, iters=_ITERS.value, seed=_SEED.value)
  print(f"| op | shape | rel. error vs fp32 reference | check | time per call (us, wall, "
        f"{_ITERS.value} back-to-back) |")
  print("|---|---|---|---|---|")
  for r in results:
    print(f"| {r['op']} | {r['shape']} | {r['err']:.2e} | {'ok' if r['ok'] else 'FAIL'} | "
          f"{r['us']:.0f} |")
  print("\nWhat the cost model chose, and why:")
  for r in results:
    for c in r["choices"]:
      print(f"  [{r['op']}] {c}")
  if not all(r["ok"] for r in results):
    raise SystemExit("some results did not match the reference")
