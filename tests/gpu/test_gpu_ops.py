"""Tier 3, on the H200 (`pytest -m gpu`): every op at the real PEERS.md sizes vs the float32
references, through the public API and the cost model."""

import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jaxkern
from _testing import rel_err
from jaxkern.shapes import (ATTENTION_SHAPES, FP8_GROUPED_GEMM_SHAPES, GROUPED_GEMM_SHAPES,
                            HD128_ATTENTION_SHAPES, MASKED_GROUPED_GEMM_SHAPES,
                            MIXED_ATTENTION_SHAPES, make_paged_batch)
from pallas_kernels.extend_attention.mosaic import ExtendAttentionPallasConfig
from pallas_kernels.extend_attention import extend_attention_reference
from pallas_kernels.grouped_gemm import grouped_gemm_reference, quantize_lhs_fp8, quantize_rhs_fp8

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
    ExtendAttentionPallasConfig(tiles="sequence", consumers=2, block_kv=64, num_stages=3),
    ExtendAttentionPallasConfig(tiles="sequence", consumers=1, block_kv=64, num_stages=3,
                                num_splits=4)], ids=str)
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
