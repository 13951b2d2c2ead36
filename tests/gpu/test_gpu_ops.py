"""Tier 3, on the H200 (`pytest -m gpu`): every op at the real PEERS.md sizes vs the float32
references, through the public API and the cost model."""

import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jaxkern
from _testing import rel_err
from jaxkern.shapes import (ATTENTION_SHAPES, FP8_GROUPED_GEMM_SHAPES, GROUPED_GEMM_SHAPES,
                            HD128_ATTENTION_SHAPES, MASKED_GROUPED_GEMM_SHAPES,
                            MIXED_ATTENTION_SHAPES, N_EDGE_GROUPED_GEMM_SHAPES,
                            make_paged_batch)
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig
from pallas_kernels.extend_attention import extend_attention_reference
from pallas_kernels.grouped_gemm import grouped_gemm_reference, quantize_lhs_fp8, quantize_rhs_fp8
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas
from pallas_kernels.grouped_gemm.support import deferred_stores
from jaxkern.checks import worst_row_err

pytestmark = pytest.mark.gpu


def _check_attention(args, max_ext, config=None, **kw):
  kw = dict(kw, max_extend_len=max_ext)
  if config is None:  # the cost model picks the Mosaic GPU kernel for every input it takes
    [choice] = jaxkern.explain(jaxkern.extend_attention, *args, **kw)
    assert choice.impl == "pallas", choice
  out = jaxkern.extend_attention(*args, **kw, config=config)
  ref = jax.jit(functools.partial(extend_attention_reference, **kw))(*args)
  assert bool(jnp.all(jnp.isfinite(out)))
  assert rel_err(out, ref) < 1e-2


@pytest.mark.parametrize("shape", ATTENTION_SHAPES + HD128_ATTENTION_SHAPES, ids=lambda s: s.name)
def test_extend_attention_peers_shapes(gpu, shape):
  args, max_ext = shape.batch(page_size=16, dtype=jnp.bfloat16)
  _check_attention(args, max_ext, sliding_window=shape.window)


@pytest.mark.parametrize("page_size,window,cap,dtype", [
    (1, 1024, None, jnp.bfloat16), (16, None, 50.0, jnp.float16), (64, 512, None, jnp.bfloat16)])
def test_extend_attention_mixed_batch(gpu, page_size, window, cap, dtype):
  """One long prefill, a chunk over a prefix, verify rows, decode rows; GQA 4, head_dim 128."""
  seqs = [(0, 4096), (1024, 1024)] + [(6000, 4)] * 16 + [(3000, 1)] * 16
  args, max_ext = make_paged_batch(seqs, num_q_heads=32, num_kv_heads=8, head_dim=128,
                                   page_size=page_size, dtype=dtype)
  _check_attention(args, max_ext, sliding_window=window, logit_cap=cap)


@pytest.mark.parametrize("plan", ["split", "one"])
@pytest.mark.parametrize("shape", MIXED_ATTENTION_SHAPES, ids=lambda s: s.name)
def test_extend_attention_mixed_batch_plans(gpu, shape, plan):
  """jaxkern.MixedBatch: decode rows first, run as two kernel calls or one launch."""
  args, max_ext = shape.batch(page_size=16, dtype=jnp.bfloat16)
  fn = functools.partial(jaxkern.extend_attention, max_extend_len=max_ext,
                         mixed=jaxkern.MixedBatch(shape.decode.num_seqs, shape.decode.extend))
  with jaxkern.policy(extend_attention_mixed=plan):
    choices = jaxkern.explain(fn, *args)
    out = fn(*args)
  assert [c.impl for c in choices] == [plan] + ["pallas"] * (2 if plan == "split" else 1)
  ref = jax.jit(functools.partial(extend_attention_reference, max_extend_len=max_ext))(*args)
  assert bool(jnp.all(jnp.isfinite(out)))
  assert rel_err(out, ref) < 1e-2


@pytest.mark.parametrize("config", [
    ExtendAttentionPallasConfig(tiles="global", consumers=2, block_kv=64, num_stages=2),
    ExtendAttentionPallasConfig(tiles="global", consumers=1, block_kv=128, num_stages=2),
    ExtendAttentionPallasConfig(tiles="global", consumers=2, block_kv=128, num_stages=2,
                                tile_order="cost"),
    ExtendAttentionPallasConfig(tiles="global", consumers=2, block_kv=128, num_stages=2,
                                tile_order="position", overlap=True),
    ExtendAttentionPallasConfig(tiles="sequence", consumers=2, block_kv=64, num_stages=3),
    ExtendAttentionPallasConfig(tiles="sequence", consumers=1, block_kv=64, num_stages=3,
                                num_splits=4),
    ExtendAttentionPallasConfig(tiles="global", consumers=2, block_kv=128, num_stages=2,
                                overlap=True),
    ExtendAttentionPallasConfig(tiles="sequence", consumers=1, block_kv=64, num_stages=2,
                                num_splits=4, overlap=True),
    ExtendAttentionPallasConfig(tiles="global", consumers=2, block_kv=64, num_stages=2,
                                persistent_ctas=132),
    ExtendAttentionPallasConfig(tiles="global", consumers=2, block_kv=128, num_stages=2,
                                tile_order="cost", overlap=True, persistent_ctas=7)], ids=str)
def test_extend_attention_kernel_configs_mixed_batch(gpu, config):
  """Every tiling of the kernel on one ragged batch: prefill, chunk, verify, decode, an empty
  sequence; GQA 4, head_dim 128, sliding window."""
  seqs = [(0, 1000), (513, 700), (0, 0)] + [(3000, 4)] * 8 + [(2500, 1)] * 8
  args, max_ext = make_paged_batch(seqs, num_q_heads=32, num_kv_heads=8, head_dim=128,
                                   page_size=16, dtype=jnp.bfloat16)
  _check_attention(args, max_ext, config=config, sliding_window=777)


def test_extend_attention_global_tiles_cost_order_hd256(gpu):
  """Global tiles launched heaviest first at head_dim 256, over sequences of uneven length."""
  seqs = [(0, 1000), (300, 77), (0, 0), (2000, 517), (64, 1)] + [(0, 40)] * 9
  args, max_ext = make_paged_batch(seqs, num_q_heads=8, num_kv_heads=4, head_dim=256,
                                   page_size=16, dtype=jnp.bfloat16)
  config = ExtendAttentionPallasConfig(tiles="global", consumers=2, block_kv=64, num_stages=2,
                                       tile_order="cost")
  _check_attention(args, max_ext, config=config, logit_cap=30.0)
  _check_attention(args, max_ext, config=dataclasses.replace(config, overlap=True),
                   logit_cap=30.0)
  # the static order over the same uneven batch (not the order it was estimated for)
  _check_attention(args, max_ext, logit_cap=30.0,
                   config=dataclasses.replace(config, tile_order="position"))
  # persistent CTAs (a few, so each runs many items) over the same batch
  _check_attention(args, max_ext, logit_cap=30.0,
                   config=dataclasses.replace(config, overlap=True, persistent_ctas=5))


@pytest.mark.parametrize("shape", GROUPED_GEMM_SHAPES, ids=lambda s: s.name)
def test_grouped_gemm_peers_shapes(gpu, shape):
  rng = np.random.default_rng(0)
  sizes = shape.group_sizes()
  lhs = jnp.asarray(rng.standard_normal((int(sizes.sum()) + 8, shape.k), np.float32), jnp.bfloat16)
  rhs = jnp.asarray(rng.standard_normal((shape.num_groups, shape.k, shape.n), np.float32),
                    jnp.bfloat16)
  gs = jnp.asarray(sizes)
  out = jaxkern.grouped_gemm(lhs, rhs, gs)
  ref = jax.jit(grouped_gemm_reference)(lhs, rhs, gs)
  assert rel_err(out, ref) < 1e-2
  assert bool(jnp.all(out[int(sizes.sum()):] == 0))
  if shape.name in MASKED_GROUPED_GEMM_SHAPES:
    m_max = shape.masked_m_max
    mm = jnp.minimum(gs, m_max)
    # the public op as the rule picks it (group tiles, row tiles or the batched dot), NaN past
    # masked_m -> zeros
    masked = jnp.asarray(_masked_lhs(rng, shape, np.asarray(mm)), jnp.bfloat16)
    out = jaxkern.grouped_gemm(masked, rhs, masked_m=mm)
    ref = jax.jit(lambda a, b, m: grouped_gemm_reference(a, b, masked_m=m))(masked, rhs, mm)
    assert rel_err(out, ref) < 1e-2
    assert bool(jnp.all(jnp.where(jnp.arange(m_max)[None, :, None] >= mm[:, None, None], out,
                                  0) == 0))
    masked = jnp.asarray(rng.standard_normal((shape.num_groups, m_max, shape.k), np.float32),
                         jnp.bfloat16)
    out = jaxkern.grouped_gemm(masked, rhs, masked_m=mm, activation="swiglu")
    ref = jax.jit(lambda a, b, m: grouped_gemm_reference(a, b, masked_m=m, activation="swiglu"))(
        masked, rhs, mm)
    assert rel_err(out, ref) < 1e-2


@pytest.mark.parametrize("name", MASKED_GROUPED_GEMM_SHAPES)
def test_grouped_gemm_unwritten_invalid_rows(gpu, name):
  """invalid_rows="unwritten" on the public op (the rule's pick) for each masked PEERS.md §3
  shape, masked (NaN past masked_m; also SwiGLU) and contiguous (NaN rows past the groups):
  the valid rows against the float32 reference."""
  shape = next(s for s in GROUPED_GEMM_SHAPES if s.name == name)
  rng = np.random.default_rng(1)
  sizes = shape.group_sizes()
  gs = jnp.asarray(sizes)
  rhs = jnp.asarray(rng.standard_normal((shape.num_groups, shape.k, shape.n), np.float32),
                    jnp.bfloat16)
  rows = int(sizes.sum())
  lhs = rng.standard_normal((rows + 72, shape.k), np.float32)
  lhs[rows:] = np.nan
  lhs = jnp.asarray(lhs, jnp.bfloat16)
  out = jaxkern.grouped_gemm(lhs, rhs, gs, invalid_rows="unwritten")
  ref = jax.jit(grouped_gemm_reference)(lhs, rhs, gs)
  assert rel_err(out[:rows], ref[:rows]) < 1e-2
  mm = jnp.minimum(gs, shape.masked_m_max)
  masked = jnp.asarray(_masked_lhs(rng, shape, np.asarray(mm)), jnp.bfloat16)
  for activation in (None, "swiglu"):
    out = jaxkern.grouped_gemm(masked, rhs, masked_m=mm, activation=activation,
                               invalid_rows="unwritten")
    ref = jax.jit(lambda a, b, m: grouped_gemm_reference(a, b, masked_m=m,
                                                         activation=activation))(masked, rhs, mm)
    assert rel_err(_valid_rows(out, mm), ref) < 1e-2


@pytest.mark.parametrize("name", FP8_GROUPED_GEMM_SHAPES)
def test_grouped_gemm_fp8(gpu, name):
  shape = next(s for s in GROUPED_GEMM_SHAPES if s.name == name)
  rng = np.random.default_rng(0)
  sizes = shape.group_sizes()
  gs = jnp.asarray(sizes)
  lq, ls = quantize_lhs_fp8(rng.standard_normal((int(sizes.sum()), shape.k), np.float32))
  w = rng.standard_normal((shape.num_groups, shape.k, shape.n), np.float32)
  rq, rs = quantize_rhs_fp8(w)
  out = jaxkern.grouped_gemm(lq, rq, gs, lhs_scale=ls, rhs_scale=rs)
  ref = jax.jit(lambda *a: grouped_gemm_reference(*a[:3], lhs_scale=a[3], rhs_scale=a[4]))(
      lq, rq, gs, ls, rs)
  assert rel_err(out, ref) < 1e-2
  rq, rs = quantize_rhs_fp8(w, rhs_layout="nk")      # the same weights stored K-major
  out = jaxkern.grouped_gemm(lq, rq, gs, lhs_scale=ls, rhs_scale=rs, rhs_layout="nk")
  assert rel_err(out, ref) < 1e-2
  # invalid_rows="unwritten" (the rule's pick for it): the last group 40 rows shorter, and the
  # masked layout (M_max rows a group, masked_m = the sizes capped at M_max): valid rows only
  # and the lhs scales MN-major ([K/128, M]: lhs_scale_layout="km", no transpose in the call)
  short = gs.at[-1].add(-min(40, int(sizes[-1])))
  rows = int(short.sum())
  fp8 = dict(lhs_scale=ls.T, rhs_scale=rs, rhs_layout="nk", lhs_scale_layout="km")
  out = jaxkern.grouped_gemm(lq, rq, short, invalid_rows="unwritten", **fp8)
  assert rel_err(out[:rows], ref[:rows]) < 1e-2
  mm = jnp.minimum(gs, shape.masked_m_max)
  x = rng.standard_normal((shape.num_groups, shape.masked_m_max, shape.k), np.float32)
  mq, ms = quantize_lhs_fp8(x)
  out = jaxkern.grouped_gemm(mq, rq, masked_m=mm, lhs_scale=jnp.moveaxis(ms, -1, 0),
                             rhs_scale=rs, rhs_layout="nk", lhs_scale_layout="km",
                             invalid_rows="unwritten")
  ref = jax.jit(lambda *a: grouped_gemm_reference(a[0], a[1], masked_m=a[2], lhs_scale=a[3],
                                                  rhs_scale=a[4], rhs_layout="nk"))(
      mq, rq, mm, ms, rs)
  assert rel_err(_valid_rows(out, mm), ref) < 1e-2


@pytest.mark.parametrize("m,n,k", [(4096, 4096, 8192), (8192, 8192, 29568)])
def test_gemm_reduce_scatter_all_local_gpus(gpu, m, n, k):
  tp = jax.device_count()
  mesh = jax.make_mesh((tp,), ("tp",))
  rng = np.random.default_rng(0)
  a = jnp.asarray(rng.standard_normal((m, k), np.float32), jnp.bfloat16)
  b = jnp.asarray(rng.standard_normal((k, n), np.float32) / np.sqrt(k), jnp.bfloat16)
  y = jaxkern.gemm_reduce_scatter(a, b, mesh=mesh)
  ref = jnp.dot(a.astype(jnp.float32), b.astype(jnp.float32), precision="highest")
  assert rel_err(y, ref) < 1e-2


_GG_CONFIGS = [GroupedGemmPallasConfig(block_m=128, block_n=256, num_stages=3),
               GroupedGemmPallasConfig(block_m=64, block_n=128, split="n", num_stages=6)]


def _check_pallas_contiguous(shape, seed, *, config, activation=None, rhs_layout="kn"):
  """The kernel on a PEERS.md §3 shape, contiguous, with 8 NaN padding rows past the groups
  (they must come out as zeros), against the float32 reference; returns (rng, sizes, rhs) for a
  masked-layout check on the same weights ([G, K, N]; the kernel got them K-major with
  rhs_layout="nk")."""
  rng = np.random.default_rng(seed)
  sizes = shape.group_sizes()
  used = int(sizes.sum())
  lhs = rng.standard_normal((used + 8, shape.k), np.float32)
  lhs[used:] = np.nan
  lhs = jnp.asarray(lhs, jnp.bfloat16)
  rhs = jnp.asarray(rng.standard_normal((shape.num_groups, shape.k, shape.n), np.float32)
                    / np.sqrt(shape.k), jnp.bfloat16)
  gs = jnp.asarray(sizes)
  out = jax.jit(functools.partial(grouped_gemm_pallas, config=config, activation=activation,
                                  rhs_layout=rhs_layout))(
      lhs, jnp.swapaxes(rhs, 1, 2) if rhs_layout == "nk" else rhs, gs)
  ref = jax.jit(functools.partial(grouped_gemm_reference, activation=activation))(lhs, rhs, gs)
  assert out.shape == (used + 8, shape.n // (2 if activation == "swiglu" else 1))
  assert rel_err(out, ref) < 1e-2 and worst_row_err(out[:used], ref[:used]) < 2e-2
  assert bool(jnp.all(out[used:] == 0))
  return rng, sizes, rhs


def _valid_rows(out, masked_m):
  """A masked-layout result [G, M_max, N] with the rows past masked_m zero (what
  invalid_rows="unwritten" leaves unspecified)."""
  return jnp.where(jnp.arange(out.shape[1])[None, :, None] < masked_m[:, None, None], out, 0)


def _masked_lhs(rng, shape, masked_m):
  """A masked-layout lhs [G, M_max, K] (float32) with NaN in every row past masked_m."""
  lhs = rng.standard_normal((shape.num_groups, shape.masked_m_max, shape.k), np.float32)
  for g, m in enumerate(masked_m):
    lhs[g, m:] = np.nan
  return lhs


@pytest.mark.parametrize("config", _GG_CONFIGS, ids=str)
@pytest.mark.parametrize("shape", GROUPED_GEMM_SHAPES, ids=lambda s: s.name)
def test_grouped_gemm_pallas_peers_shapes(gpu, shape, config):
  """The Mosaic GPU kernel on every PEERS.md §3 shape, contiguous (8 NaN padding rows past the
  groups must come out as zeros) and, for the masked shapes, masked with NaN past masked_m."""
  rng, sizes, rhs = _check_pallas_contiguous(shape, 1, config=config)
  if shape.name in MASKED_GROUPED_GEMM_SHAPES:
    _check_pallas_masked(rng, shape, sizes, rhs, config=config)


def _check_pallas_masked(rng, shape, sizes, rhs, *, config, activation=None, rhs_layout="kn"):
  """The kernel on the masked layout of a PEERS.md §3 shape (masked_m = the group sizes capped
  at M_max, NaN in every row past masked_m) against the float32 reference; those rows must come
  out as zeros. rhs: [G, K, N] (the kernel gets it K-major with rhs_layout="nk")."""
  m_max = shape.masked_m_max
  mm = jnp.asarray(np.minimum(sizes, m_max))
  masked = jnp.asarray(_masked_lhs(rng, shape, np.asarray(mm)), jnp.bfloat16)
  out = jax.jit(functools.partial(grouped_gemm_pallas, config=config, activation=activation,
                                  rhs_layout=rhs_layout))(
      masked, jnp.swapaxes(rhs, 1, 2) if rhs_layout == "nk" else rhs, masked_m=mm)
  ref = jax.jit(lambda a, b, m: grouped_gemm_reference(a, b, masked_m=m, activation=activation))(
      masked, rhs, mm)
  assert rel_err(out, ref) < 1e-2
  assert bool(jnp.all(jnp.where(jnp.arange(m_max)[None, :, None] >= mm[:, None, None], out,
                                0) == 0))


@pytest.mark.parametrize("partials", ["tile", "lanes"])
@pytest.mark.parametrize("shape", [s for s in GROUPED_GEMM_SHAPES
                                   if s.name in MASKED_GROUPED_GEMM_SHAPES], ids=lambda s: s.name)
def test_grouped_gemm_pallas_stream_k(gpu, shape, partials):
  """Stream-K group tiles (the rule's pick on the masked DS_G1 / DS_G4 gate/up rows: their
  units left after the whole rounds are split along K between CTAs, whose partial sums the
  last one adds), both layouts of the partials, on every masked PEERS.md §3 shape: contiguous,
  masked, and masked SwiGLU."""
  config = GroupedGemmPallasConfig(block_m=128, block_n=256, num_stages=4, tiles="groups",
                                   stream_k=True, sk_partials=partials)
  rng, sizes, rhs = _check_pallas_contiguous(shape, 2, config=config)
  _check_pallas_masked(rng, shape, sizes, rhs, config=config)
  if shape.gate_up:
    _check_pallas_masked(rng, shape, sizes, rhs, config=config, activation="swiglu")


@pytest.mark.parametrize("shape", [s for s in GROUPED_GEMM_SHAPES if s.gate_up],
                         ids=lambda s: s.name)
def test_grouped_gemm_pallas_swiglu(gpu, shape):
  """The fused SwiGLU epilogue on every gate/up shape of PEERS.md §3: contiguous with 128x256
  tiles (NaN padding rows -> zeros) and, for the masked shapes, masked with 64-row tiles."""
  rng, sizes, rhs = _check_pallas_contiguous(shape, 2, config=_GG_CONFIGS[0],
                                             activation="swiglu")
  if shape.name in MASKED_GROUPED_GEMM_SHAPES:
    mm = jnp.asarray(np.minimum(sizes, shape.masked_m_max))
    masked = jnp.asarray(rng.standard_normal((shape.num_groups, shape.masked_m_max, shape.k),
                                             np.float32), jnp.bfloat16)
    cfg = GroupedGemmPallasConfig(block_m=64, block_n=256, split="n", num_stages=4)
    out = jax.jit(functools.partial(grouped_gemm_pallas, activation="swiglu", config=cfg))(
        masked, rhs, masked_m=mm)
    ref = jax.jit(lambda a, b, m: grouped_gemm_reference(a, b, masked_m=m, activation="swiglu"))(
        masked, rhs, mm)
    assert rel_err(out, ref) < 1e-2


@pytest.mark.parametrize("shape", GROUPED_GEMM_SHAPES, ids=lambda s: s.name)
def test_grouped_gemm_pallas_k_major_bf16(gpu, shape):
  """K-major bf16 weights (rhs_layout="nk", [G, N, K] tiles read through a transposed view) on
  every PEERS.md §3 shape, contiguous, 128 x 256 tiles; SwiGLU on the gate/up shapes."""
  _check_pallas_contiguous(shape, 4, config=_GG_CONFIGS[0], rhs_layout="nk",
                           activation="swiglu" if shape.gate_up else None)


_BY_NAME = {s.name: s for s in GROUPED_GEMM_SHAPES}
# PEERS.md §3 shapes with K of partial 64-column steps: 1000 (15.6), 2824 (44.1), 7176 (112.1).
_PARTIAL_K = [dataclasses.replace(_BY_NAME[name], name=f"{name}_k{k}", k=k) for name, k in (
    ("DS_G4_m256_dn", 1000), ("Gm_decode_gu", 2824), ("DS_G1_m1024_gu", 7176))]


@pytest.mark.parametrize("shape", _PARTIAL_K, ids=lambda s: s.name)
def test_grouped_gemm_pallas_partial_k_steps(gpu, shape):
  """K not whole 64-column steps: the lhs (and K-major rhs) loads through the untiled view of
  their ring (`_mgpu.operand_ring`), the last step's columns past K zero-filled by TMA.
  Contiguous on both configs (128 x 256 with K-major weights, SwiGLU on gate/up), group tiles
  with exact boxes, masked with NaN past masked_m."""
  rng, sizes, rhs = _check_pallas_contiguous(shape, 5, config=_GG_CONFIGS[1])
  _check_pallas_contiguous(shape, 6, config=_GG_CONFIGS[0], rhs_layout="nk",
                           activation="swiglu" if shape.gate_up else None)
  if shape.num_groups > 1:
    _check_pallas_contiguous(shape, 7, config=GroupedGemmPallasConfig(
        block_m=64, block_n=256, split="n", num_stages=4, tiles="groups", lhs_boxes="exact"))
  _check_pallas_masked(rng, shape, sizes, rhs, config=_GG_CONFIGS[1])


@pytest.mark.parametrize("shape,activation", [
    (s, act) for s in N_EDGE_GROUPED_GEMM_SHAPES for act in (None, "swiglu")
    if (s.n // (2 if act else 1)) % 64], ids=lambda v: v.name if hasattr(v, "name") else str(v))
def test_grouped_gemm_pallas_n_edge_k_major(gpu, shape, activation):
  """N (N/2 with SwiGLU) not whole 64 columns (gpt-oss-120b's gate/up at tp 2 and 4: 1440, 720),
  K-major weights: the rhs tiles' rows past N are zero-filled by TMA (SwiGLU's up half starts
  inside a tile, so a last gate tile reads up rows, whose products land past N/2), and the
  output leaves the epilogue buffers through their untiled view, TMA leaving out the columns
  past N. Every store path: row tiles, group tiles (exact rows, deferred stores), stream-K and
  masked row tiles with NaN past masked_m; the rule's pick through the public op."""
  C = GroupedGemmPallasConfig
  narrow = dict(block_m=64, block_n=256 if activation else 128, split="n")   # (SwiGLU: 64
  rng, sizes, rhs = _check_pallas_contiguous(shape, 8, config=_GG_CONFIGS[0], rhs_layout="nk",
                                             activation=activation)   # columns of each part)
  for seed, cfg in enumerate((C(num_stages=4, tiles="groups", **narrow),
                              C(block_m=128, block_n=256, num_stages=4, tiles="groups",
                                stream_k=True, sk_partials="lanes" if activation else "tile"))):
    _check_pallas_contiguous(shape, 9 + seed, config=cfg, rhs_layout="nk", activation=activation)
  _check_pallas_masked(rng, shape, sizes, rhs, config=C(num_stages=4, **narrow),
                       activation=activation, rhs_layout="nk")
  lhs = jnp.asarray(rng.standard_normal((int(sizes.sum()), shape.k), np.float32), jnp.bfloat16)
  gs = jnp.asarray(sizes)
  out = jax.jit(functools.partial(jaxkern.grouped_gemm, rhs_layout="nk", activation=activation))(
      lhs, jnp.swapaxes(rhs, 1, 2), gs)
  ref = jax.jit(functools.partial(grouped_gemm_reference, activation=activation))(lhs, rhs, gs)
  assert rel_err(out, ref) < 1e-2


@pytest.mark.parametrize("name,n", [("DS_G4_m256_gu", 1440), ("DS_G16_m64_gu", 720)])
def test_grouped_gemm_pallas_fp8_n_edge(gpu, name, n):
  """fp8 (1D2D scales) with N not whole 64 columns (a last tile past N, inside a partial rhs
  scale block), K-major weights, row and group tiles, contiguous and masked: PEERS.md §3
  shapes with N replaced (gpt-oss's K = 2880 is not whole 128-column scale blocks)."""
  shape = dataclasses.replace(_BY_NAME[name], name=f"{name}_n{n}", n=n)
  _check_pallas_fp8(shape, _FP8_CONFIGS[1], "nk", masked=True)


@pytest.mark.parametrize("shape", [s for s in GROUPED_GEMM_SHAPES if s.num_groups > 1],
                         ids=lambda s: s.name)
def test_grouped_gemm_pallas_group_tiles(gpu, shape):
  """tiles="groups" (every tile inside one group, writing exactly its group's rows: whole 8-row
  tiles by TMA, the ragged ends from registers; with segment_stores="rows" every row by TMA) on
  the PEERS.md §3 shapes of several groups, contiguous; NaN padding rows past the groups ->
  zeros (a zero segment's tile)."""
  for seed, stores in ((3, "swizzled"), (4, "rows")):
    _check_pallas_contiguous(shape, seed, config=GroupedGemmPallasConfig(
        block_m=64, block_n=256, split="n", num_stages=4, tiles="groups", segment_stores=stores))


@pytest.mark.parametrize("rows", [4100, 4103])
def test_grouped_gemm_rows_not_a_multiple_of_8(gpu, rows):
  """The public op on a flat lhs whose rows are not a multiple of 8 (Gemma's 128 experts at N
  = 1408, K = 2816; 4 and 7 NaN rows past the groups -> zeros): the rule runs group tiles with
  row stores (support.unsupported_reason refuses the other configs; session 79), against the
  float32 reference."""
  rng = np.random.default_rng(rows)
  sizes = rng.multinomial(rows - rows % 8, np.full(128, 1 / 128)).astype(np.int32)
  used = int(sizes.sum())
  lhs = rng.standard_normal((rows, 2816), np.float32)
  lhs[used:] = np.nan
  lhs = jnp.asarray(lhs, jnp.bfloat16)
  rhs = jnp.asarray(rng.standard_normal((128, 2816, 1408), np.float32) / np.sqrt(2816),
                    jnp.bfloat16)
  [choice] = jaxkern.explain(jaxkern.grouped_gemm, lhs, rhs, jnp.asarray(sizes))
  assert choice.impl == "pallas" and choice.config.segment_stores == "rows", choice
  out = jaxkern.grouped_gemm(lhs, rhs, jnp.asarray(sizes))
  ref = jax.jit(grouped_gemm_reference)(lhs, rhs, jnp.asarray(sizes))
  assert rel_err(out[:used], ref[:used]) < 1e-2 and worst_row_err(out[:used], ref[:used]) < 2e-2
  assert bool(jnp.all(out[used:] == 0))


@pytest.mark.parametrize("shape", [s for s in GROUPED_GEMM_SHAPES if s.num_groups > 1],
                         ids=lambda s: s.name)
def test_grouped_gemm_pallas_exact_lhs_boxes(gpu, shape):
  """lhs_boxes="exact" (each K step loads exactly a group's 8-row tiles, as boxes of their
  count's binary digits) on the PEERS.md §3 shapes of several groups: group tiles on the
  contiguous layout and, for the masked shapes, row tiles reading masked_m (NaN past it)."""
  rng, sizes, rhs = _check_pallas_contiguous(shape, 4, config=GroupedGemmPallasConfig(
      block_m=128, block_n=256, split="m", num_stages=4, tiles="groups", lhs_boxes="exact"))
  if shape.name in MASKED_GROUPED_GEMM_SHAPES:
    _check_pallas_masked(rng, shape, sizes, rhs, config=GroupedGemmPallasConfig(
        block_m=128, block_n=256, split="m", num_stages=3, lhs_boxes="exact"))


@pytest.mark.parametrize("shape", [s for s in GROUPED_GEMM_SHAPES if s.num_groups > 1],
                         ids=lambda s: s.name)
def test_grouped_gemm_pallas_half_tiles(gpu, shape):
  """128 x 256 group tiles whose groups' ragged ends (<= 64 rows in a last tile) run as half
  tiles split by columns, on the PEERS.md §3 shapes of several groups: contiguous (NaN padding
  rows -> zeros), SwiGLU on the gate/up shapes (64 columns of each part per consumer), and the
  masked layout on the masked shapes (NaN past masked_m -> zeros)."""
  cfg = GroupedGemmPallasConfig(block_m=128, block_n=256, num_stages=4, tiles="groups")
  act = "swiglu" if shape.gate_up else None
  rng, sizes, rhs = _check_pallas_contiguous(shape, 5, config=cfg)
  if act:
    _check_pallas_contiguous(shape, 6, config=cfg, activation=act)
  if shape.name in MASKED_GROUPED_GEMM_SHAPES:
    mm = np.minimum(sizes, shape.masked_m_max)
    masked = jnp.asarray(_masked_lhs(rng, shape, mm), jnp.bfloat16)
    out = jax.jit(functools.partial(grouped_gemm_pallas, config=cfg))(masked, rhs,
                                                                       masked_m=jnp.asarray(mm))
    ref = jax.jit(lambda a, b, m: grouped_gemm_reference(a, b, masked_m=m))(masked, rhs,
                                                                           jnp.asarray(mm))
    assert rel_err(out, ref) < 1e-2
    assert bool(jnp.all(jnp.where(jnp.arange(shape.masked_m_max)[None, :, None]
                                  >= mm[:, None, None], out, 0) == 0))


@pytest.mark.parametrize("config", [GroupedGemmPallasConfig(block_m=128, block_n=256, num_stages=4),
                                    GroupedGemmPallasConfig(block_m=64, block_n=256, split="n",
                                                            num_stages=4)], ids=str)
@pytest.mark.parametrize("shape", [s for s in GROUPED_GEMM_SHAPES
                                   if s.name in MASKED_GROUPED_GEMM_SHAPES], ids=lambda s: s.name)
def test_grouped_gemm_signals_consumer_sees_final_blocks(gpu, shape, config):
  """Completion signals on every masked PEERS.md §3 shape: 4 consumer CTAs in the same launch
  (on SMs the GEMM leaves free) copy each block as soon as its signal reaches the column-tile
  count, while the GEMM runs. Every copy equals the final output (a complete signal means final
  data in global memory), every signal ends at the target, and the consumers did wait on the
  running GEMM (reads that found a signal short of its target)."""
  from _testing import snapshot_consumer
  from pallas_kernels.grouped_gemm.support import signal_target
  rng = np.random.default_rng(4)
  m_max = shape.masked_m_max
  mm = jnp.asarray(np.minimum(shape.group_sizes(), m_max))
  lhs = jnp.asarray(rng.standard_normal((shape.num_groups, m_max, shape.k), np.float32),
                    jnp.bfloat16)
  rhs = jnp.asarray(rng.standard_normal((shape.num_groups, shape.k, shape.n), np.float32)
                    / np.sqrt(shape.k), jnp.bfloat16)
  target = signal_target(config, n=shape.n, activation=None)
  blocks = shape.num_groups * m_max // config.block_m
  consumer = snapshot_consumer(num_ctas=4, num_blocks=blocks, block_m=config.block_m,
                               n_out=shape.n, target=target, dtype=jnp.bfloat16, interpret=False)
  out, signals, snap, polls = jax.jit(functools.partial(
      grouped_gemm_pallas, config=config, return_signals=True, consumer=consumer))(
          lhs, rhs, masked_m=mm)
  ref = jax.jit(lambda a, b, m: grouped_gemm_reference(a, b, masked_m=m))(lhs, rhs, mm)
  assert rel_err(out, ref) < 1e-2
  assert bool(jnp.all(signals == target)), np.asarray(signals)
  assert bool(jnp.all(snap == out.reshape(-1, shape.n)))
  assert int(polls.sum()) > 0, "the consumers never waited: no overlap shown"
  # The public op picks a signal-capable config and agrees with the kernel.
  out2, signals2 = jax.jit(functools.partial(jaxkern.grouped_gemm, return_signals=True))(
      lhs, rhs, masked_m=mm)
  assert rel_err(out2, ref) < 1e-2
  assert bool(jnp.all(signals2 == jaxkern.grouped_gemm_signal_target(lhs, rhs, mm)))


_FP8_CONFIGS = [GroupedGemmPallasConfig(block_m=128, block_n=128, num_stages=4, block_k=128),
                GroupedGemmPallasConfig(block_m=64, block_n=256, split="n", num_stages=4,
                                        block_k=128),
                GroupedGemmPallasConfig(block_m=128, block_n=192, num_stages=4, block_k=128),
                # 6 stages: one epilogue buffer per consumer (`support.epilogue_buffers`)
                GroupedGemmPallasConfig(block_m=128, block_n=128, num_stages=6, block_k=128)]


@pytest.mark.parametrize("config,rhs_layout", [(_FP8_CONFIGS[0], "kn"), (_FP8_CONFIGS[1], "nk"),
                                               (_FP8_CONFIGS[2], "nk"), (_FP8_CONFIGS[3], "nk")],
                         ids=str)
@pytest.mark.parametrize("name", FP8_GROUPED_GEMM_SHAPES)
def test_grouped_gemm_pallas_fp8(gpu, name, config, rhs_layout):
  """The fp8 kernel (1D2D scales) on every fp8 shape of PEERS.md §3: contiguous with 8 NaN rows
  past the groups (-> zeros), then with tiles inside groups (every row: the table runs 128 x
  192 group tiles on the prefill rows since session 27; 128 x 128 ones run half tiles since
  session 62), and masked (NaN
  past masked_m) where the shape has a masked form; against the float32 reference. The weights
  [G, K, N] (transposed in XLA) or K-major [G, N, K] (read as they are)."""
  _check_pallas_fp8(_BY_NAME[name], config, rhs_layout)


@pytest.mark.parametrize("config", [
    GroupedGemmPallasConfig(block_m=128, block_n=128, num_stages=5, block_k=128, tiles="groups",
                            segment_stores="rows"),
    GroupedGemmPallasConfig(block_m=64, block_n=256, split="n", num_stages=4, block_k=128,
                            tiles="groups", segment_stores="rows")], ids=["128x128", "64x256n"])
@pytest.mark.parametrize("name", FP8_GROUPED_GEMM_SHAPES)
def test_grouped_gemm_pallas_fp8_deferred_row_stores(gpu, name, config):
  """fp8 group tiles with row stores, whose stores wait for the next unit's wgmmas
  (`support.deferred_stores`; the table's DS_G16_m64_gu/fp8 and DS_G4_m256_gu/fp8 configs since
  session 67), on every fp8 shape, contiguous and masked, as test_grouped_gemm_pallas_fp8."""
  assert deferred_stores(config, fp8=True, signals=False)
  _check_pallas_fp8(_BY_NAME[name], config, "nk")


@pytest.mark.parametrize("partials", ["tile", "lanes"])
@pytest.mark.parametrize("name", FP8_GROUPED_GEMM_SHAPES)
def test_grouped_gemm_pallas_fp8_stream_k(gpu, name, partials):
  """fp8 stream-K (the table's DS_G1_m1024_gu/fp8 config since session 32): 128 x 192 group
  tiles whose last units are split along K between CTAs, each CTA's range starting at its own
  scale block, on every fp8 shape, contiguous and masked, as test_grouped_gemm_pallas_fp8."""
  _check_pallas_fp8(_BY_NAME[name], GroupedGemmPallasConfig(
      block_m=128, block_n=192, num_stages=4, block_k=128, tiles="groups", stream_k=True,
      sk_partials=partials), "nk")


def _check_pallas_fp8(shape, config, rhs_layout, masked=None):
  """masked: also check the shape's masked form (default: where PEERS.md has one)."""
  if masked is None:
    masked = shape.name in MASKED_GROUPED_GEMM_SHAPES
  rng = np.random.default_rng(5)
  sizes = shape.group_sizes()
  used = int(sizes.sum())
  x = rng.standard_normal((used + 8, shape.k), np.float32)
  x *= np.exp2(rng.integers(-3, 4, (used + 8, shape.k // 128))).repeat(128, 1)
  lq, ls = quantize_lhs_fp8(x)
  lq = lq.at[used:].set(jnp.nan)
  rq, rs = quantize_rhs_fp8(rng.standard_normal((shape.num_groups, shape.k, shape.n), np.float32),
                            rhs_layout)
  gs = jnp.asarray(sizes)
  ref_fn = jax.jit(lambda a, b, g, x, y, **kw: grouped_gemm_reference(
      a, b, g, lhs_scale=x, rhs_scale=y, rhs_layout=rhs_layout, **kw))
  configs = list(dict.fromkeys([config, dataclasses.replace(config, tiles="groups")]))
  for cfg in configs:
    out = jax.jit(functools.partial(grouped_gemm_pallas, config=cfg, rhs_layout=rhs_layout))(
        lq, rq, gs, lhs_scale=ls, rhs_scale=rs)
    ref = ref_fn(lq, rq, gs, ls, rs)
    assert out.dtype == jnp.bfloat16 and out.shape == (used + 8, shape.n)
    assert rel_err(out[:used], ref[:used]) < 1e-2, cfg
    assert worst_row_err(out[:used], ref[:used]) < 2e-2, cfg
    assert bool(jnp.all(out[used:] == 0)), cfg
  if masked:
    m_max = shape.masked_m_max
    mm = np.minimum(sizes, m_max)
    xm = _masked_lhs(rng, shape, mm)
    lq, ls = quantize_lhs_fp8(np.nan_to_num(xm))
    lq = jnp.where(jnp.isnan(jnp.asarray(xm))[..., :1], jnp.nan, lq.astype(jnp.float32)).astype(
        lq.dtype)
    out = jax.jit(functools.partial(grouped_gemm_pallas, config=config, rhs_layout=rhs_layout))(
        lq, rq, masked_m=jnp.asarray(mm), lhs_scale=ls, rhs_scale=rs)
    ref = jax.jit(lambda a, b, m, x, y: grouped_gemm_reference(a, b, masked_m=m, lhs_scale=x,
                                                               rhs_scale=y,
                                                               rhs_layout=rhs_layout))(
        jnp.nan_to_num(lq.astype(jnp.float32)).astype(lq.dtype), rq, jnp.asarray(mm), ls, rs)
    assert rel_err(out, ref) < 1e-2
    assert bool(jnp.all(jnp.where(jnp.arange(m_max)[None, :, None] >= mm[:, None, None], out,
                                  0) == 0))
