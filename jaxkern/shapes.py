"""Shape catalogues of ../shared/PEERS.md, shared by the demo, the GPU tests and the benchmarks."""

from __future__ import annotations

import dataclasses

import numpy as np


@dataclasses.dataclass(frozen=True)
class AttentionShape:
  """`num_seqs` sequences, each `extend` new tokens over a `prefix`-token cached prefix."""

  name: str
  num_seqs: int
  extend: int
  prefix: int
  window: int | None = None
  num_q_heads: int = 8     # Gemma-4-26B-A4B, TP=2 shard
  num_kv_heads: int = 4
  head_dim: int = 256

  @property
  def causal_flops(self) -> float:
    """Useful FLOPs: 4 * D per visible (query, key) pair, per query head."""
    pairs = 0
    for i in range(self.extend):
      pos = self.prefix + i
      seen = pos + 1 if self.window is None else min(pos + 1, self.window)
      pairs += seen
    return 4.0 * self.head_dim * self.num_q_heads * self.num_seqs * pairs

  @property
  def seqs(self) -> list[tuple[int, int]]:
    """(prefix_len, extend_len) of every sequence, as make_paged_batch takes them."""
    return [(self.prefix, self.extend)] * self.num_seqs

  def batch(self, *, page_size: int, dtype, seed: int = 0, seqs=None, abstract: bool = False):
    """Random `extend_attention` inputs of this shape (see make_paged_batch); `seqs` replaces the
    sequences, keeping the heads."""
    return make_paged_batch(self.seqs if seqs is None else seqs,
                            num_q_heads=self.num_q_heads, num_kv_heads=self.num_kv_heads,
                            head_dim=self.head_dim, page_size=page_size, dtype=dtype, seed=seed,
                            abstract=abstract)

  def min_bytes(self, itemsize: int = 2) -> float:
    """q and o once, every visible key and value once (per KV head)."""
    keys = self.prefix + self.extend if self.window is None else min(
        self.prefix + self.extend, self.window + self.extend - 1)
    kv = 2 * self.num_seqs * keys * self.num_kv_heads * self.head_dim
    qo = 2 * self.num_seqs * self.extend * self.num_q_heads * self.head_dim
    return float((kv + qo) * itemsize)


ATTENTION_SHAPES = (
    AttentionShape("prefill_long", 1, 8192, 0),
    AttentionShape("prefill_chat", 1, 1000, 0),
    AttentionShape("prefill_multi", 4, 1000, 0),
    AttentionShape("verify_chat", 32, 4, 1000, 1024),
    AttentionShape("verify_summ", 32, 4, 8000, 1024),
    AttentionShape("verify_burst", 32, 4, 64, 1024),
    AttentionShape("chunk_8x512_p0", 8, 512, 0),
    AttentionShape("chunk_8x512_p512", 8, 512, 512),
    AttentionShape("chunk_16x1024_p0", 16, 1024, 0),
    AttentionShape("chunk_16x1024_p1024", 16, 1024, 1024),
    AttentionShape("chunk_32x512_p0", 32, 512, 0),
    AttentionShape("chunk_32x512_p512", 32, 512, 512),
)

@dataclasses.dataclass(frozen=True)
class MixedAttentionShape:
  """A mixed batch: `decode` rows first (as jaxkern.MixedBatch describes), then `prefill` rows;
  both parts share the heads, head_dim and window of `decode`."""

  name: str
  decode: AttentionShape
  prefill: AttentionShape

  @property
  def parts(self) -> tuple[AttentionShape, AttentionShape]:
    return self.decode, self.prefill

  @property
  def window(self) -> int | None:
    return self.decode.window

  @property
  def max_extend(self) -> int:
    return max(self.decode.extend, self.prefill.extend)

  @property
  def causal_flops(self) -> float:
    return sum(p.causal_flops for p in self.parts)

  def min_bytes(self, itemsize: int = 2) -> float:
    return sum(p.min_bytes(itemsize) for p in self.parts)

  def batch(self, *, page_size: int, dtype, seed: int = 0):
    return self.decode.batch(page_size=page_size, dtype=dtype, seed=seed,
                             seqs=self.decode.seqs + self.prefill.seqs)


def _mixed(name, decode, prefill, window=None):
  (nd, ed, pd), (np_, ep, pp) = decode, prefill
  return MixedAttentionShape(name, AttentionShape(name + "/decode", nd, ed, pd, window),
                             AttentionShape(name + "/prefill", np_, ep, pp, window))


# Mixed prefill + decode steps (issue 3, 002_* in ../shared/reference/): (seqs, extend, prefix)
# of the decode rows, then of the prefill rows; Gemma shard heads as in PEERS.md §1.
MIXED_ATTENTION_SHAPES = (
    _mixed("mix_32dec4k_pre512", (32, 1, 4000), (1, 512, 0)),
    _mixed("mix_4dec1k_pre128", (4, 1, 1000), (1, 128, 0)),
    _mixed("mix_32ver4_1k_chunk1k", (32, 4, 1000), (1, 1024, 1024)),
    _mixed("mix_128dec2k_chunk256", (128, 1, 2000), (1, 256, 2048)),
    _mixed("mix_32dec4k_pre4k", (32, 1, 4000), (1, 4096, 0)),
    _mixed("mix_8dec8k_pre8k", (8, 1, 8000), (1, 8192, 0)),
)

# head_dim 128 (Llama-style Hq=32, Hkv=8): not in PEERS.md, run beside it (issue 3).
HD128_ATTENTION_SHAPES = tuple(
    AttentionShape(name, b, e, p, w, num_q_heads=32, num_kv_heads=8, head_dim=128)
    for name, b, e, p, w in (("hd128_prefill_long", 1, 8192, 0, None),
                             ("hd128_chunk_8x1024_p1024", 8, 1024, 1024, None),
                             ("hd128_verify_4k", 32, 4, 4000, None),
                             ("hd128_verify_w1024", 32, 4, 8000, 1024),
                             ("hd128_decode_8k", 32, 1, 8000, None)))


def attention_shape_set(name: str, small: tuple[AttentionShape, ...]) -> tuple[AttentionShape, ...]:
  """The attention benchmarks' --shapes sets: "seed" (PEERS.md §1), "hd128", "all" (both) or
  "small" (the benchmark's own CPU smoke shapes, `small`); ValueError for any other name."""
  sets = {"seed": ATTENTION_SHAPES, "hd128": HD128_ATTENTION_SHAPES,
          "all": ATTENTION_SHAPES + HD128_ATTENTION_SHAPES, "small": small}
  if name not in sets:
    raise ValueError(f"shape set {name!r}: expected one of {sorted(sets)}")
  return sets[name]


@dataclasses.dataclass(frozen=True)
class GroupedGemmShape:
  """G experts; `rows` total rows (prefill), or `expected_m` rows per expert drawn as
  expected_m * U(0.7, 1.3) (decode). Masked layout: M_max = round_up(1.3 * expected_m, 128)."""

  name: str
  num_groups: int
  n: int
  k: int
  expected_m: int
  rows: int | None = None        # fixed total (prefill); None: sum of drawn sizes
  memory_bound: bool = False
  gate_up: bool = False          # a gate/up projection (N = gate and up: SwiGLU applies)

  def group_sizes(self, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    sizes = np.round(self.expected_m * rng.uniform(0.7, 1.3, self.num_groups)).astype(np.int64)
    if self.rows is not None:  # rescale to the fixed total, remainder to the first groups
      sizes = np.floor(sizes * self.rows / sizes.sum()).astype(np.int64)
      sizes[: self.rows - sizes.sum()] += 1
    else:  # Mosaic GPU ragged kernels want the total row count divisible by 8
      sizes[0] += -sizes.sum() % 8
    return sizes.astype(np.int32)

  @property
  def masked_m_max(self) -> int:
    return -(-int(np.ceil(1.3 * self.expected_m)) // 128) * 128


def _ds(name, g, m, proj, **kw):
  n, k = (4096, 7168) if proj == "gu" else (7168, 2048)
  return GroupedGemmShape(name, g, n, k, m, gate_up=proj == "gu", **kw)


def _gm(name, proj, tokens):
  n, k = (1408, 2816) if proj == "gu" else (2816, 704)
  rows = tokens * 8
  return GroupedGemmShape(name, 128, n, k, rows // 128, rows=rows if tokens > 128 else None,
                          memory_bound=tokens <= 128, gate_up=proj == "gu")


GROUPED_GEMM_SHAPES = (
    _ds("DS_G1_m1024_gu", 1, 1024, "gu"),
    _ds("DS_G1_m1024_dn", 1, 1024, "dn"),
    _ds("DS_G4_m256_gu", 4, 256, "gu"),
    _ds("DS_G4_m256_dn", 4, 256, "dn"),
    _ds("DS_G16_m64_gu", 16, 64, "gu", memory_bound=True),
    _ds("DS_G16_m32_dn", 16, 32, "dn", memory_bound=True),
    _ds("DS_prefill_G8_M8192_gu", 8, 1024, "gu", rows=8192),
    _ds("DS_prefill_G16_M16384_gu", 16, 1024, "gu", rows=16384),
    _ds("DS_prefill_G16_M16384_dn", 16, 1024, "dn", rows=16384),
    _gm("Gm_prefill_gu", "gu", 8192),
    _gm("Gm_prefill_dn", "dn", 8192),
    _gm("Gm_decode_gu", "gu", 128),
    _gm("Gm_decode_dn", "dn", 128),
)
FP8_GROUPED_GEMM_SHAPES = ("DS_G1_m1024_gu", "DS_G4_m256_gu", "DS_G16_m64_gu",
                           "DS_prefill_G16_M16384_gu", "Gm_prefill_gu")
MASKED_GROUPED_GEMM_SHAPES = ("DS_G1_m1024_gu", "DS_G1_m1024_dn", "DS_G4_m256_gu", "DS_G4_m256_dn",
                              "DS_G16_m64_gu", "DS_G16_m32_dn", "Gm_decode_gu", "Gm_decode_dn")


def _go(tp, tokens):
  """gpt-oss-120b's experts (128, hidden 2880, intermediate 2880, top 4) at tensor parallelism
  tp: the gate/up projection [G, K=2880, N=2 * 2880 / tp] of `tokens` tokens."""
  rows = tokens * 4
  return GroupedGemmShape(f"GO_tp{tp}_gu_t{tokens}", 128, 2 * 2880 // tp, 2880, rows // 128,
                          rows=rows if tokens > 128 else None, memory_bound=tokens <= 128,
                          gate_up=True)


# Outputs that are not whole 64-column tiles (not in PEERS.md): gpt-oss-120b's gate/up at tp 2
# and 4, N/2 = 1440 and 720 with SwiGLU (N = 1440 at tp 4 without it), prefill and decode. The
# kernel takes them with K-major weights only (`support.unsupported_reason`).
N_EDGE_GROUPED_GEMM_SHAPES = (_go(2, 8192), _go(4, 8192), _go(2, 128), _go(4, 128))


@dataclasses.dataclass(frozen=True)
class GemmRsShape:
  m: int
  n: int
  k: int

  @property
  def name(self) -> str:
    return f"M{self.m}_N{self.n}_K{self.k}"


GEMM_RS_SEED_SHAPES = tuple(GemmRsShape(*s) for s in (
    (256, 8192, 8192), (1024, 8192, 8192), (4096, 4096, 2048), (4096, 4096, 8192),
    (8192, 8192, 8192), (8192, 8192, 29568)))
GEMM_RS_SWEEP_SHAPES = GEMM_RS_SEED_SHAPES + tuple(
    GemmRsShape(m, n, k) for m in (256, 512, 1024, 2048, 4096, 8192, 16384)
    for n, k in ((4096, 4096), (8192, 8192), (8192, 29568))
    if GemmRsShape(m, n, k) not in GEMM_RS_SEED_SHAPES)


def make_paged_batch(seqs, *, num_q_heads: int, num_kv_heads: int, head_dim: int, page_size: int,
                     dtype, seed: int = 0, spare_pages: int = 1, abstract: bool = False):
  """Random inputs of `extend_attention` for sequences [(prefix_len, extend_len)] over a shuffled
  paged cache. Returns (args tuple in the op's order, max extend length). abstract=True: q, k, v
  and the caches as jax.ShapeDtypeStruct (what a rule or jaxkern.explain needs; drawing real-size
  random caches takes seconds per shape)."""
  import jax
  import jax.numpy as jnp

  rng = np.random.default_rng(seed)
  pages = [-(-p // page_size) for p, _ in seqs]
  num_pages = sum(pages) + spare_pages
  perm = rng.permutation(num_pages)
  page_table = np.zeros((len(seqs), max(max(pages), 1)), np.int32)
  used = 0
  for b, n in enumerate(pages):
    page_table[b, :n] = perm[used:used + n]
    used += n
  ext = [e for _, e in seqs]
  qo_indptr = np.concatenate([[0], np.cumsum(ext)]).astype(np.int32)
  num_tokens = int(qo_indptr[-1])

  def normal(*shape):
    if abstract:
      return jax.ShapeDtypeStruct(shape, dtype)
    return jnp.asarray(rng.standard_normal(shape, np.float32), dtype)

  args = (normal(num_tokens, num_q_heads, head_dim), normal(num_tokens, num_kv_heads, head_dim),
          normal(num_tokens, num_kv_heads, head_dim),
          normal(num_pages, page_size, num_kv_heads, head_dim),
          normal(num_pages, page_size, num_kv_heads, head_dim), jnp.asarray(page_table),
          jnp.asarray([p for p, _ in seqs], jnp.int32), jnp.asarray(qo_indptr))
  return args, max(ext)
