"""Tier 1: grouped-GEMM reference and XLA paths vs float64 numpy."""

import jax.numpy as jnp
import numpy as np
import pytest

from _testing import (dequant_lhs, dequant_rhs, grouped_gemm_numpy, random_group_sizes, rel_err,
                      tol_for)
from pallas_kernels.grouped_gemm import (
    GroupedGemmXlaConfig, grouped_gemm_reference, grouped_gemm_xla, quantize_lhs_fp8,
    quantize_rhs_fp8, tile_work_items)

TILED = GroupedGemmXlaConfig(method="tiled", block_m=16, items_per_step=3)
RAGGED = GroupedGemmXlaConfig(method="ragged_dot")


@pytest.mark.parametrize("num_groups,empty", [(1, 0), (3, 1), (8, 3)])
@pytest.mark.parametrize("config", [TILED, RAGGED], ids=["tiled", "ragged_dot"])
@pytest.mark.parametrize("dtype", [jnp.float32, jnp.bfloat16])
def test_contiguous(rng, num_groups, empty, config, dtype):
  m, k, n, used = 75, 64, 40, 61  # ragged sizes, not multiples of the tile; 14 padding rows
  sizes = random_group_sizes(rng, num_groups, used, empty=empty)
  lhs = rng.standard_normal((m, k))
  lhs[used:] = np.nan  # rows past the sum must not leak
  rhs = rng.standard_normal((num_groups, k, n))
  want = grouped_gemm_numpy(np.asarray(jnp.asarray(lhs, dtype), np.float64),
                            np.asarray(jnp.asarray(rhs, dtype), np.float64), sizes)
  args = (jnp.asarray(lhs, dtype), jnp.asarray(rhs, dtype), jnp.asarray(sizes))
  for out in (grouped_gemm_xla(*args, config=config), grouped_gemm_reference(*args)):
    assert out.shape == (m, n) and out.dtype == dtype
    assert rel_err(out, want) < tol_for(dtype)
    assert np.all(np.asarray(out[used:], np.float32) == 0)


def test_ragged_dot_under_a_mesh_of_explicit_axes(rng):
  """Under a mesh of Explicit axes (jax.make_mesh's default in the H200's jax 0.11), lax.ragged_dot
  cannot infer its result's sharding and raised NotImplementedError there ("Explicit sharding
  inference for ragged_dot_general is not currently implemented"); the XLA path now names it
  (session 79). Replicated operands, against float64 numpy, in and out of jit."""
  import jax
  m, k, n, used = 77, 136, 200, 77
  sizes = random_group_sizes(rng, 3, used)
  lhs, rhs = rng.standard_normal((m, k)), rng.standard_normal((3, k, n))
  want = grouped_gemm_numpy(lhs, rhs, sizes)
  mesh = jax.make_mesh((1,), ("x",), axis_types=(jax.sharding.AxisType.Explicit,))
  with jax.set_mesh(mesh):
    args = (jnp.asarray(lhs, jnp.float32), jnp.asarray(rhs, jnp.float32), jnp.asarray(sizes))
    for out in (grouped_gemm_xla(*args, config=RAGGED),
                jax.jit(lambda *a: grouped_gemm_xla(*a, config=RAGGED))(*args)):
      assert rel_err(out, want) < tol_for(jnp.float32)


@pytest.mark.parametrize("n", [40, 96], ids=["k_above_n", "k_below_n"])
@pytest.mark.parametrize("activation", [None, "swiglu"])
def test_one_group_selects_result_or_lhs_rows(rng, n, activation):
  # One group: the XLA path zeroes the rows past the group in the result when K > N or an
  # epilogue follows, in the lhs otherwise; NaN in those rows must not leak either way.
  m, k, used = 40, 64, 29
  lhs = rng.standard_normal((m, k)).astype(np.float32)
  lhs[used:] = np.nan
  rhs = rng.standard_normal((1, k, n)).astype(np.float32)
  want = grouped_gemm_numpy(np.nan_to_num(lhs), rhs, np.array([used]), activation=activation)
  out = grouped_gemm_xla(jnp.asarray(lhs, jnp.bfloat16), jnp.asarray(rhs, jnp.bfloat16),
                         jnp.asarray([used], jnp.int32), activation=activation, config=RAGGED)
  assert out.shape == (m, n // 2 if activation else n)
  assert rel_err(out, want) < tol_for(jnp.bfloat16)
  assert np.all(np.asarray(out[used:], np.float32) == 0)


@pytest.mark.parametrize("n", [40, 96], ids=["k_above_n", "k_below_n"])
def test_masked_selects_result_or_lhs_rows(rng, n):
  # The masked layout's XLA path picks the same side; NaN past masked_m must not leak.
  g, m_max, k = 3, 24, 64
  masked_m = np.array([5, 0, 24], np.int32)
  lhs = rng.standard_normal((g, m_max, k)).astype(np.float32)
  lhs[0, 5:] = lhs[1] = np.nan
  rhs = rng.standard_normal((g, k, n)).astype(np.float32)
  want = grouped_gemm_numpy(np.nan_to_num(lhs), rhs, masked_m=masked_m)
  out = grouped_gemm_xla(jnp.asarray(lhs, jnp.bfloat16), jnp.asarray(rhs, jnp.bfloat16),
                         masked_m=jnp.asarray(masked_m),
                         config=GroupedGemmXlaConfig(method="batched"))
  assert out.shape == (g, m_max, n)
  assert rel_err(out, want) < tol_for(jnp.bfloat16)
  assert np.all(np.asarray(out[0, 5:], np.float32) == 0) and np.all(np.asarray(out[1]) == 0)


def test_masked_layout_and_swiglu(rng):
  g, m_max, k, n = 3, 24, 32, 20
  masked_m = np.array([5, 0, 24], np.int32)
  lhs = rng.standard_normal((g, m_max, k))
  lhs[0, 5:] = np.nan
  rhs = rng.standard_normal((g, k, n))
  for activation in (None, "swiglu"):
    want = grouped_gemm_numpy(np.nan_to_num(lhs), rhs, masked_m=masked_m, activation=activation)
    out = grouped_gemm_xla(jnp.asarray(lhs, jnp.float32), jnp.asarray(rhs, jnp.float32),
                           masked_m=jnp.asarray(masked_m), activation=activation,
                           config=GroupedGemmXlaConfig(method="batched"))
    assert out.shape == (g, m_max, n // 2 if activation else n)
    assert rel_err(out, want) < 1e-5


@pytest.mark.parametrize("layout", ["contiguous", "masked"])
def test_fp8_1d2d_scales(rng, layout):
  """Scales are per token per 128 channels (lhs) and per 128x128 block (rhs), N not a multiple of
  128; the result must equal the float64 product of the dequantized operands."""
  g, k, n = 3, 256, 200
  # Rows with very different magnitudes: a wrong scale axis cannot pass.
  rhs = rng.standard_normal((g, k, n)) * np.exp(rng.uniform(-3, 3, (g, k // 128, 1, 1))).repeat(128, 1).reshape(g, k, 1)
  rq, rs = quantize_rhs_fp8(rhs)
  if layout == "contiguous":
    sizes = np.array([7, 0, 21], np.int32)
    lhs = rng.standard_normal((30, k)) * np.exp(rng.uniform(-3, 3, (30, 1)))
    lq, ls = quantize_lhs_fp8(lhs)
    want = grouped_gemm_numpy(dequant_lhs(lq, ls), dequant_rhs(rq, rs), sizes)
    extra = dict(group_sizes=jnp.asarray(sizes))
  else:
    masked_m = np.array([4, 16, 0], np.int32)
    lhs = rng.standard_normal((g, 16, k)) * np.exp(rng.uniform(-3, 3, (g, 16, 1)))
    lq, ls = quantize_lhs_fp8(lhs)
    want = grouped_gemm_numpy(dequant_lhs(lq, ls), dequant_rhs(rq, rs), masked_m=masked_m)
    extra = dict(masked_m=jnp.asarray(masked_m))
  kw = dict(lhs_scale=jnp.asarray(ls), rhs_scale=jnp.asarray(rs), **extra)
  ref = grouped_gemm_reference(jnp.asarray(lq), jnp.asarray(rq), out_dtype=jnp.float32, **kw)
  assert rel_err(ref, want) < 1e-6
  config = TILED if layout == "contiguous" else GroupedGemmXlaConfig(method="batched")
  xla = grouped_gemm_xla(jnp.asarray(lq), jnp.asarray(rq), config=config, **kw)
  assert xla.dtype == jnp.bfloat16
  assert rel_err(xla, want) < 1e-2
  # K-major weights ([G, N, K], scales [G, N/128, K/128]): the same product.
  rq_nk, rs_nk = quantize_rhs_fp8(rhs, rhs_layout="nk")
  assert rq_nk.shape == (g, n, k) and rs_nk.shape == (g, 2, k // 128)
  np.testing.assert_array_equal(np.asarray(rq_nk, np.float32),
                                np.asarray(rq, np.float32).transpose(0, 2, 1))
  kw_nk = dict(kw, rhs_scale=rs_nk)
  ref_nk = grouped_gemm_reference(jnp.asarray(lq), rq_nk, out_dtype=jnp.float32, rhs_layout="nk",
                                  **kw_nk)
  assert rel_err(ref_nk, want) < 1e-6
  xla_nk = grouped_gemm_xla(jnp.asarray(lq), rq_nk, config=config, rhs_layout="nk", **kw_nk)
  assert rel_err(xla_nk, want) < 1e-2


@pytest.mark.parametrize("block_m", [1, 4, 16])
def test_tile_work_items_cover_every_row_once(rng, block_m):
  for _ in range(5):
    num_groups, rows = int(rng.integers(1, 9)), int(rng.integers(1, 50))
    sizes = random_group_sizes(rng, num_groups, int(rng.integers(0, rows + 1)),
                               empty=int(rng.integers(0, num_groups)))
    tile, group, valid, starts, ends = (np.asarray(a) for a in tile_work_items(
        jnp.asarray(sizes), rows, block_m))
    assert len(tile) == -(-rows // block_m) + num_groups - 1
    covered = np.zeros(rows, int)
    for t, g, ok in zip(tile, group, valid):
      if ok:
        r = np.arange(t * block_m, min((t + 1) * block_m, rows))
        mine = r[(r >= starts[g]) & (r < ends[g])]
        assert len(mine) > 0  # no wasted items
        covered[mine] += 1
    assert np.all(covered[: sizes.sum()] == 1) and np.all(covered[sizes.sum():] == 0)


def test_fp8_quantizers_follow_deepgemm_1d2d(rng):
  """Scale shapes, one absmax scale per block (the block's largest value maps to e4m3's 448), and
  round trip within e4m3's 3-bit mantissa."""
  x = rng.standard_normal((5, 256)) * np.exp(rng.uniform(-4, 4, (5, 1)))
  w = rng.standard_normal((2, 256, 200)) * np.exp(rng.uniform(-4, 4, (2, 1, 1)))
  (xq, xs), (wq, ws) = quantize_lhs_fp8(x), quantize_rhs_fp8(w)
  assert xq.dtype == wq.dtype == jnp.float8_e4m3fn
  assert xs.shape == (5, 2) and ws.shape == (2, 2, 2) and xs.dtype == ws.dtype == jnp.float32
  np.testing.assert_allclose(xs, np.abs(x.reshape(5, 2, 128)).max(-1) / 448.0, rtol=1e-6)
  padded = np.zeros((2, 256, 256))
  padded[..., :200] = w
  np.testing.assert_allclose(ws, np.abs(padded.reshape(2, 2, 128, 2, 128)).max((2, 4)) / 448.0,
                             rtol=1e-6)
  assert rel_err(dequant_lhs(xq, xs), x) < 0.04 and rel_err(dequant_rhs(wq, ws), w) < 0.04


@pytest.mark.parametrize("size", [1, 17, 300, 5000])   # 5000: past the compare-all limit (cumsum)
def test_prefix_sum_is_an_inclusive_cumsum(rng, size):
  from pallas_kernels._index import prefix_sum
  values = rng.integers(-5, 1000, size=size).astype(np.int32)
  got = np.asarray(prefix_sum(jnp.asarray(values)))
  assert got.dtype == np.int32
  np.testing.assert_array_equal(got, np.cumsum(values))


@pytest.mark.parametrize("size", [1, 9, 40])
def test_ragged_slots_deals_slots_in_order(rng, size):
  from pallas_kernels._index import ragged_slots
  counts = rng.integers(0, 5, size=int(rng.integers(1, 8))).astype(np.int32)
  owner, index, total = (np.asarray(x) for x in ragged_slots(jnp.asarray(counts), size))
  want = [(o, i) for o, c in enumerate(counts) for i in range(c)]
  assert int(total) == len(want)
  for s in range(size):
    if s < len(want):
      assert (owner[s], index[s]) == want[s], s
    else:                    # past the total: the last owner, past its count
      assert owner[s] == len(counts) - 1 and index[s] >= counts[-1], s


@pytest.mark.parametrize("fn,name", [(grouped_gemm_reference, "grouped_gemm_reference"),
                                     (grouped_gemm_xla, "grouped_gemm_xla")])
def test_bad_lhs_scale_layout_names_the_function(fn, name):
  lhs, rhs = jnp.ones((8, 128), jnp.bfloat16), jnp.ones((2, 128, 16), jnp.bfloat16)
  with pytest.raises(ValueError, match=f"{name}: lhs_scale_layout must be 'mk'"):
    fn(lhs, rhs, jnp.array([4, 4], jnp.int32), lhs_scale_layout="nm")
