"""The Mosaic GPU grouped GEMM in Mosaic GPU interpret mode on CPU (race detection on, under an
abstract H200 mesh), against the float64 numpy oracle. Tiny shapes: the interpreter runs every
thread of every CTA in Python. The same kernel runs at real sizes in tests/gpu."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from jaxkern import _compat
from jaxkern.checks import worst_row_err
from pallas_kernels.grouped_gemm.mosaic import (GroupedGemmPallasConfig, group_tiles,
                                                group_tiles_bound, grouped_gemm_pallas,
                                                smem_bytes, tile_groups, ungroup_rows,
                                                unsupported_reason)
from tests._testing import grouped_gemm_numpy, random_group_sizes, rel_err

C = GroupedGemmPallasConfig
H200_MESH = _compat.make_abstract_mesh((1,), ("x",), device_kind="NVIDIA H200")


def _run(*args, **kw):
  with jax.sharding.use_abstract_mesh(H200_MESH):
    return grouped_gemm_pallas(*args, interpret=True, **kw)


def _close(out, want):
  out = np.asarray(jnp.asarray(out, jnp.float32))
  assert not np.isnan(out).any()
  assert rel_err(out, want) < 1e-2
  assert worst_row_err(out, want) < 2e-2    # one row computed with the wrong group shows here


@pytest.mark.parametrize("num_groups,empty,config,num_sms", [
    (1, 0, C(block_m=128, block_n=64, split="m", num_stages=2), 3),
    (3, 1, C(block_m=64, block_n=128, split="n", num_stages=3), 2),
    (8, 3, C(block_m=64, block_n=128, split="n", num_stages=2, band=2), 3),
    (3, 1, C(block_m=64, block_n=128, split="n", num_stages=2, tiles="groups"), 2),
    (8, 3, C(block_m=128, block_n=64, split="m", num_stages=3, band=2, tiles="groups"), 3)])
def test_contiguous_ragged_groups(rng, num_groups, empty, config, num_sms):
  # Group boundaries inside tiles (a tile runs several groups' K loops), empty groups, a K that
  # is not a multiple of the K block, NaN in the rows past the sum (must come out as zeros), and
  # fewer CTAs than units (each CTA walks several units; the ring runs across them).
  m, k, n, used = 200, 136, 128, 181
  sizes = random_group_sizes(rng, num_groups, used, empty=empty)
  lhs = rng.standard_normal((m, k)).astype(np.float32)
  lhs[used:] = np.nan
  rhs = rng.standard_normal((num_groups, k, n)).astype(np.float32) / np.sqrt(k)
  lhs16, rhs16 = jnp.asarray(lhs, jnp.bfloat16), jnp.asarray(rhs, jnp.bfloat16)
  out = _run(lhs16, rhs16, jnp.asarray(sizes), config=config, num_sms=num_sms)
  assert out.shape == (m, n) and out.dtype == jnp.bfloat16
  want = grouped_gemm_numpy(np.asarray(lhs16, np.float64), np.asarray(rhs16, np.float64), sizes)
  _close(out, want)
  assert np.all(np.asarray(out[used:], np.float32) == 0)


def test_masked_layout_rows_past_masked_m_are_zero(rng):
  # M_max not a multiple of block_m (tiles straddle two groups' slabs), a group with no rows, a
  # full group; garbage (NaN) in the rows past masked_m.
  g, m_max, k, n = 3, 80, 64, 128
  masked_m = np.array([37, 0, 80], np.int32)
  lhs = rng.standard_normal((g, m_max, k)).astype(np.float32)
  for i, mm in enumerate(masked_m):
    lhs[i, mm:] = np.nan
  rhs = rng.standard_normal((g, k, n)).astype(np.float32) / 8
  lhs16, rhs16 = jnp.asarray(lhs, jnp.bfloat16), jnp.asarray(rhs, jnp.bfloat16)
  want = grouped_gemm_numpy(np.asarray(lhs16, np.float64), np.asarray(rhs16, np.float64),
                            masked_m=masked_m)
  for tiles in ("rows", "groups"):
    out = _run(lhs16, rhs16, masked_m=jnp.asarray(masked_m),
               config=C(block_m=64, block_n=128, split="n", num_stages=2, tiles=tiles), num_sms=4)
    assert out.shape == (g, m_max, n)
    _close(out.reshape(g * m_max, n), want.reshape(g * m_max, n))
    for i, mm in enumerate(masked_m):
      assert np.all(np.asarray(out[i, mm:], np.float32) == 0)


@pytest.mark.parametrize("layout,config", [
    ("contiguous", C(block_m=128, block_n=128, split="m", num_stages=2)),
    ("masked", C(block_m=64, block_n=256, split="n", num_stages=2)),
    ("contiguous", C(block_m=64, block_n=256, split="n", num_stages=2, tiles="groups"))])
def test_swiglu_epilogue(rng, layout, config):
  # rhs = [gate | up]: a tile reads both halves' columns and writes silu(gate) * up. N/2 = 96 is
  # not a multiple of the tile's output columns (the last tile's gate box runs past N/2).
  g, k, n = 3, 72, 192
  rhs = rng.standard_normal((g, k, n)).astype(np.float32) / np.sqrt(k)
  rhs16 = jnp.asarray(rhs, jnp.bfloat16)
  if layout == "contiguous":
    sizes = np.array([70, 0, 75], np.int32)
    lhs = rng.standard_normal((160, k)).astype(np.float32)
    lhs[145:] = np.nan
    kw = dict(group_sizes=jnp.asarray(sizes))
    oracle = dict(group_sizes=sizes)
  else:
    masked_m = np.array([33, 64, 0], np.int32)
    lhs = rng.standard_normal((g, 64, k)).astype(np.float32)
    lhs[0, 33:] = np.nan
    kw = dict(masked_m=jnp.asarray(masked_m))
    oracle = dict(masked_m=masked_m)
  lhs16 = jnp.asarray(lhs, jnp.bfloat16)
  out = _run(lhs16, rhs16, activation="swiglu", config=config, num_sms=3, **kw)
  want = grouped_gemm_numpy(np.asarray(lhs16, np.float64), np.asarray(rhs16, np.float64),
                            activation="swiglu", **oracle)
  assert out.shape == lhs.shape[:-1] + (n // 2,)
  _close(out.reshape(-1, n // 2), want.reshape(-1, n // 2))
  assert np.all(np.asarray(out, np.float32)[want == 0] == 0)   # rows of no group: zeros


def test_tile_groups_match_brute_force(rng):
  for trial in range(20):
    num_groups = int(rng.integers(1, 9))
    sizes = random_group_sizes(rng, num_groups, int(rng.integers(0, 300)),
                               empty=int(rng.integers(0, num_groups)))
    ends = np.cumsum(sizes).astype(np.int32)
    starts = ends - sizes
    bm = int(rng.choice([64, 128]))
    tiles = -(-max(int(ends[-1]), 1) // bm) + 1
    got = np.asarray(tile_groups(jnp.asarray(starts), jnp.asarray(ends), num_tiles=tiles,
                                 block_m=bm)).reshape(tiles, 3)
    assert np.array_equal(got[:, 2] * 8, np.arange(tiles) * bm)
    for t in range(tiles):
      touching = [g for g in range(num_groups)
                  if sizes[g] and starts[g] < (t + 1) * bm and ends[g] > t * bm]
      covered = set(range(got[t, 0], got[t, 1] + 1))
      assert set(touching) <= covered, (trial, t)
      assert all(sizes[g] == 0 or g in touching for g in covered), (trial, t)


def test_group_tiles_cover_every_row_once(rng):
  """tiles="groups": each tile lies in one group, starts at a multiple of 8, and every row of
  every group is kept by exactly one tile; ungroup_rows puts each tile row back in place."""
  for trial in range(20):
    num_groups = int(rng.integers(1, 9))
    rows = int(rng.integers(1, 400))
    sizes = random_group_sizes(rng, num_groups, int(rng.integers(0, rows + 1)),
                               empty=int(rng.integers(0, num_groups)))
    ends = np.cumsum(sizes).astype(np.int32)
    starts = ends - sizes
    bm = int(rng.choice([64, 128]))
    tiles = group_tiles_bound(rows, num_groups, bm)
    plan, first_tile, a = group_tiles(jnp.asarray(starts), jnp.asarray(ends), num_tiles=tiles,
                                      block_m=bm)
    plan = np.asarray(plan).reshape(tiles, 3)
    kept = np.zeros(rows, int)
    padded = np.full((tiles * bm, 1), -1.0)
    for t, (g_lo, g_hi, row8) in enumerate(plan):
      if g_lo > g_hi:
        continue
      assert g_lo == g_hi and sizes[g_lo] > 0, (trial, t)
      r = row8 * 8 + np.arange(bm)
      mine = (r >= starts[g_lo]) & (r < ends[g_lo])
      assert mine.any(), (trial, t)                    # no tile of a group is wasted
      kept[r[mine]] += 1
      padded[t * bm + np.arange(bm)[mine], 0] = r[mine]
    assert np.array_equal(kept, (np.arange(rows) < ends[-1]).astype(int)), trial
    back = np.asarray(ungroup_rows(jnp.asarray(padded), jnp.asarray(starts), jnp.asarray(ends),
                                   first_tile, a, rows=rows, block_m=bm))[:, 0]
    assert np.array_equal(back, np.where(np.arange(rows) < ends[-1], np.arange(rows), 0)), trial


def test_unsupported_inputs_and_configs():
  assert "float32" in unsupported_reason(C(), k=64, n=64, dtype="float32", out_dtype="float32",
                                         activation=None)
  assert unsupported_reason(C(), k=64, n=64, dtype="bfloat16", out_dtype="bfloat16",
                            activation="swiglu") is None
  assert "gate and up" in unsupported_reason(C(block_m=64, block_n=128, split="n"), k=64, n=64,
                                             dtype="bfloat16", out_dtype="bfloat16",
                                             activation="swiglu")
  assert "N/2" in unsupported_reason(C(), k=64, n=72, dtype="bfloat16", out_dtype="bfloat16",
                                     activation="swiglu")
  assert "multiples of 8" in unsupported_reason(C(), k=60, n=64, dtype="bfloat16",
                                                out_dtype="bfloat16", activation=None)
  assert smem_bytes(C(block_m=128, block_n=256, num_stages=3)) <= 227 * 1024
  assert "shared memory" in unsupported_reason(C(block_m=256, block_n=256, num_stages=4), k=64,
                                               n=64, dtype="bfloat16", out_dtype="bfloat16",
                                               activation=None)
  with pytest.raises(ValueError, match="multiple of 64"):
    C(block_m=64, split="m")
  with pytest.raises(ValueError, match="split"):
    C(split="k")
  with pytest.raises(ValueError, match="tiles"):
    C(tiles="experts")
  lhs = jnp.zeros((8, 64), jnp.float32)
  with pytest.raises(NotImplementedError, match="float32"):
    grouped_gemm_pallas(lhs, jnp.zeros((1, 64, 64), jnp.float32), jnp.array([8]))


def test_public_op_runs_the_kernel_under_interpret_policy(rng):
  import jaxkern
  sizes = np.array([50, 0, 70], np.int32)
  lhs = jnp.asarray(rng.standard_normal((128, 64)), jnp.bfloat16)
  rhs = jnp.asarray(rng.standard_normal((3, 64, 64)) / 8, jnp.bfloat16)
  with jax.sharding.use_abstract_mesh(H200_MESH), jaxkern.policy(interpret=True):
    [choice] = jaxkern.explain(jaxkern.grouped_gemm, lhs, rhs, jnp.asarray(sizes), impl="pallas")
    out = jaxkern.grouped_gemm(lhs, rhs, jnp.asarray(sizes), impl="pallas")
  assert choice.impl == "pallas" and choice.interpret
  want = grouped_gemm_numpy(np.asarray(lhs, np.float64), np.asarray(rhs, np.float64), sizes)
  _close(out, want)


def test_empty_problems_return_zeros_without_a_kernel():
  rhs = jnp.ones((2, 64, 64), jnp.bfloat16)
  out = grouped_gemm_pallas(jnp.zeros((0, 64), jnp.bfloat16), rhs, jnp.zeros((2,), jnp.int32))
  assert out.shape == (0, 64) and out.dtype == jnp.bfloat16
  out = grouped_gemm_pallas(jnp.zeros((2, 0, 64), jnp.bfloat16), rhs,
                            masked_m=jnp.zeros((2,), jnp.int32))
  assert out.shape == (2, 0, 64)
