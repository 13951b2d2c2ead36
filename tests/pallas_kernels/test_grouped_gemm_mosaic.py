"""The Mosaic GPU grouped GEMM in Mosaic GPU interpret mode on CPU (race detection on, under an
abstract H200 mesh), against the float64 numpy oracle. Tiny shapes: the interpreter runs every
thread of every CTA in Python. The same kernel runs at real sizes in tests/gpu."""

from __future__ import annotations

import types

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from jaxkern.checks import worst_row_err
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig
from pallas_kernels.grouped_gemm import mosaic
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas
from pallas_kernels.grouped_gemm import plan
from pallas_kernels.grouped_gemm.plan import (Deal, StreamDeal, count_sorted, group_tiles_bound,
                                              tail_pieces, unit_tile)
from pallas_kernels.grouped_gemm.support import (FP8_DEFERRED_COLS, SignalConsumer,
                                                 deferred_stores, epilogue_buffers,
                                                 exact_starts, half_tiles,
                                                 signal_target, signals_reason, smem_bytes,
                                                 tail_split, unsupported_reason)
from pallas_kernels.grouped_gemm import quantize_lhs_fp8, quantize_rhs_fp8
from tests._testing import (H200_MESH, dequant_lhs, dequant_rhs, grouped_gemm_numpy,
                            operand_copies, random_group_sizes, rel_err, snapshot_consumer)

C = GroupedGemmPallasConfig


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
    (20, 5, C(block_m=64, block_n=128, split="n", num_stages=2, band=2), 3),   # XLA metadata
    (3, 1, C(block_m=64, block_n=128, split="n", num_stages=2, tiles="groups"), 2),
    (20, 5, C(block_m=128, block_n=64, split="m", num_stages=3, band=2, tiles="groups"), 3),
    # half tiles: groups' ends with <= 64 rows in their last tile, split by columns
    (5, 1, C(block_m=128, block_n=128, split="m", num_stages=2, tiles="groups"), 2),
    # ... loading each group's lhs rows as exactly its 8-row tiles (lhs_boxes="exact")
    (5, 1, C(block_m=128, block_n=128, split="m", num_stages=2, tiles="groups",
             lhs_boxes="exact"), 2),
    # 192-column tiles (the H200 table's Gm_prefill_gu in sessions 27-37): N = 320, a partial last
    # column tile; no half tiles (96 columns a consumer)
    (5, 1, C(block_m=128, block_n=192, split="m", num_stages=2, tiles="groups", band=1), 3),
    # ... at 5 stages, which fit with one epilogue buffer per consumer (`epilogue_buffers`):
    # each of a deferred tile's chunks waits for the last one's store to have read the buffer
    (5, 1, C(block_m=128, block_n=192, split="m", num_stages=5, tiles="groups", band=1), 3),
    # 192-row consumers: a segment's 22 whole 8-row tiles go out as boxes of 16, 4 and 2 (boxes
    # from 24 down by halves covered 21 of them, leaving rows 168-175 unwritten)
    (1, 0, C(block_m=192, block_n=128, split="n", num_stages=2, tiles="groups"), 2),
    # segment_stores="rows": every row of a segment by TMA boxes from an unswizzled buffer, at
    # any row offset (XLA metadata; deferred stores; half tiles)
    (20, 5, C(block_m=64, block_n=128, split="n", num_stages=3, tiles="groups",
              segment_stores="rows"), 3),
    (5, 1, C(block_m=128, block_n=128, split="m", num_stages=2, tiles="groups",
             segment_stores="rows"), 2)])
def test_contiguous_ragged_groups(rng, num_groups, empty, config, num_sms):
  # Group boundaries inside tiles (a tile runs several groups' K loops), empty groups, a K that
  # is not a multiple of the K block, NaN in the rows past the sum (must come out as zeros), and
  # fewer CTAs than units (each CTA walks several units; the ring runs across them).
  m, k, used = 200, 136, 181
  n = 320 if config.block_n == 192 else 128
  sizes = random_group_sizes(rng, num_groups, used, empty=empty)
  if config.segment_stores == "rows":   # a whole tile's rows from row 3: one tile (exact
    rest = used - 3 - config.block_m     # starts); from row 0 it would leave 3 rows unwritten
    sizes = np.concatenate([[3, config.block_m],
                            random_group_sizes(rng, num_groups - 2, rest, empty=empty)])
  lhs = rng.standard_normal((m, k)).astype(np.float32)
  lhs[used:] = np.nan
  rhs = rng.standard_normal((num_groups, k, n)).astype(np.float32) / np.sqrt(k)
  lhs16, rhs16 = jnp.asarray(lhs, jnp.bfloat16), jnp.asarray(rhs, jnp.bfloat16)
  out = _run(lhs16, rhs16, jnp.asarray(sizes, jnp.int32), config=config, num_sms=num_sms)
  assert out.shape == (m, n) and out.dtype == jnp.bfloat16
  want = grouped_gemm_numpy(np.asarray(lhs16, np.float64), np.asarray(rhs16, np.float64), sizes)
  _close(out, want)
  assert np.all(np.asarray(out[used:], np.float32) == 0)


@pytest.mark.parametrize("activation,config,num_sms", [
    (None, C(block_m=128, block_n=128, split="m", num_stages=2, tiles="groups"), 5),
    ("swiglu", C(block_m=128, block_n=256, split="m", num_stages=2, tiles="groups"), 5),
    (None, C(block_m=64, block_n=256, split="n", num_stages=2, tiles="groups"), 8)])
def test_tail_units_run_as_column_pieces(rng, activation, config, num_sms):
  # 128-row tiles: 4 in use (a group of two tiles whose last is a half tile, a whole tile, a
  # half tile) x 3 column tiles on 5 CTAs: 2 rounds, then the last 2 units as 2 column pieces
  # each (one a half tile: with rows split, its second consumer has no rows and passes its
  # slots on). 64-row tiles: 6 x 3 on 8 CTAs, the same.
  sizes, k, n_out = np.array([150, 100, 40], np.int32), 72, 3 * config.block_n // (
      2 if activation else 1)
  n = n_out * (2 if activation else 1)
  lhs = jnp.asarray(rng.standard_normal((290, k)), jnp.bfloat16)
  rhs = jnp.asarray(rng.standard_normal((3, k, n)) / np.sqrt(k), jnp.bfloat16)
  used = _metadata(290, config.block_m, True, group_sizes=jnp.asarray(sizes))[2][0]
  split = tail_split(config, activation=activation, fp8=False)
  rounds, pieces = tail_pieces(used * 3, num_sms, split)
  assert (rounds, int(pieces), used * 3 - rounds * num_sms) == (2, 2, 2)
  out = _run(lhs, rhs, jnp.asarray(sizes), config=config, num_sms=num_sms, activation=activation)
  want = grouped_gemm_numpy(np.asarray(lhs, np.float64), np.asarray(rhs, np.float64), sizes,
                            activation=activation)
  _close(out, want)


@pytest.mark.parametrize("activation,config", [
    (None, C(block_m=128, block_n=128, split="m", num_stages=2, tiles="groups", stream_k=True)),
    (None, C(block_m=128, block_n=128, split="m", num_stages=2, tiles="groups", stream_k=True,
             sk_partials="lanes")),
    ("swiglu", C(block_m=128, block_n=256, split="m", num_stages=3, tiles="groups",
                 stream_k=True, sk_partials="lanes"))])
def test_stream_k_sums_units_cut_between_ctas(rng, monkeypatch, activation, config):
  # 4 group tiles in use (the first group's second a half tile: its second consumer has no
  # rows) x 3 column tiles = 12 units on 5 CTAs: 2 whole rounds, then 2 units of 4 K steps (K =
  # 200) on 4 CTAs of 2 steps each (MIN_STREAM_STEPS lowered to 2), so each of those units is
  # summed from two CTAs' partials by the later one. Fails if the partials are not added.
  monkeypatch.setattr(plan, "MIN_STREAM_STEPS", 2)
  monkeypatch.setattr(mosaic, "GATHER_COLS", 64)      # the sums in two column chunks
  sizes, k = np.array([150, 100, 40], np.int32), 200
  n = 3 * config.block_n
  lhs = jnp.asarray(rng.standard_normal((290, k)), jnp.bfloat16)
  rhs = jnp.asarray(rng.standard_normal((3, k, n)) / np.sqrt(k), jnp.bfloat16)
  deal = StreamDeal.of(12, 3, 5, 4, min_steps=2)
  assert (int(deal.rounds), int(deal.sk_units), int(deal.ctas)) == (2, 2, 4)
  assert all(bool(deal.item(jnp.int32(c), jnp.int32(2))[4].partial) for c in range(4))
  out = _run(lhs, rhs, jnp.asarray(sizes), config=config, num_sms=5, activation=activation)
  want = grouped_gemm_numpy(np.asarray(lhs, np.float64), np.asarray(rhs, np.float64), sizes,
                            activation=activation)
  _close(out, want)


@pytest.mark.parametrize("work,zero,ctas,k,min_steps", [
    (144, 0, 132, 112, 28), (144, 0, 132, 112, 8), (160, 30, 132, 112, 28),
    (264, 0, 132, 112, 28), (448, 0, 132, 32, 28), (10, 5, 4, 3, 2), (1, 0, 132, 112, 8),
    (0, 4, 3, 5, 2), (30, 12, 8, 7, 1)])
def test_stream_deal_runs_every_k_step_once(work, zero, ctas, k, min_steps):
  """Every K step of every work unit runs exactly once, every zero unit once and after a CTA's
  work; a cut unit's CTAs each write a slot of their own, which `slot` finds again; the CTAs
  sharing the stream-K steps run within one step of each other; the zero units go first to the
  CTAs with no stream-K steps (no such CTA runs fewer zero units than one with steps)."""
  deal = StreamDeal.of(work, zero, ctas, k, min_steps)
  covered, zeros, slots, steps = np.zeros((work, k), int), np.zeros(zero, int), {}, []
  zeros_of = np.zeros(ctas, int)
  for cta in range(ctas):
    seen_zero, mine = False, 0
    for i in range(int(deal.count(cta))):
      is_zero, u, _, _, span = deal.item(jnp.int32(cta), jnp.int32(i))
      if bool(is_zero):
        zeros[int(u)] += 1
        zeros_of[cta] += 1
        seen_zero = True
        continue
      assert not seen_zero
      lo, hi = int(span.k_lo), int(span.k_hi)
      covered[int(u), lo:hi] += 1
      mine += hi - lo if i >= int(deal.rounds) else 0
      if bool(span.partial):
        assert int(span.first) <= cta <= int(span.last) and int(span.slot) not in slots
        assert int(deal.slot(cta, span.counter)) == int(span.slot)
        slots[int(span.slot)] = int(u)
    if cta < int(deal.ctas):
      steps.append(mine)
  assert (covered == 1).all() and (zeros == 1).all()
  assert not steps or max(steps) - min(steps) <= 1
  sk = int(deal.ctas) if work % ctas else 0       # CTAs with stream-K steps: the first sk
  if 0 < sk < ctas:
    assert zeros_of[sk:].min() >= zeros_of[:sk].max()


def _masked_case(rng, m_max, k, n, masked_m):
  """A masked problem with garbage (NaN) in the rows past masked_m: (run, numpy oracle), run
  taking the kernel's config and num_sms and checking the result (rows past masked_m zero)."""
  g = len(masked_m)
  lhs = rng.standard_normal((g, m_max, k)).astype(np.float32)
  for i, mm in enumerate(masked_m):
    lhs[i, mm:] = np.nan
  rhs = rng.standard_normal((g, k, n)).astype(np.float32) / 8
  lhs16, rhs16 = jnp.asarray(lhs, jnp.bfloat16), jnp.asarray(rhs, jnp.bfloat16)
  want = grouped_gemm_numpy(np.asarray(lhs16, np.float64), np.asarray(rhs16, np.float64),
                            masked_m=masked_m)

  def run(config, num_sms):
    out = _run(lhs16, rhs16, masked_m=jnp.asarray(masked_m), config=config, num_sms=num_sms)
    assert out.shape == (g, m_max, n)
    _close(out.reshape(g * m_max, n), want.reshape(g * m_max, n))
    for i, mm in enumerate(masked_m):
      assert np.all(np.asarray(out[i, mm:], np.float32) == 0)
  return run


def test_masked_layout_rows_past_masked_m_are_zero(rng):
  # M_max not a multiple of block_m (tiles straddle two groups' slabs), a group with no rows, a
  # full group; garbage (NaN) in the rows past masked_m.
  run = _masked_case(rng, 80, 64, 128, np.array([37, 0, 80], np.int32))
  for config in (C(block_m=64, block_n=128, split="n", num_stages=2, tiles="rows"),
                 C(block_m=64, block_n=128, split="n", num_stages=2, tiles="groups"),
                 C(block_m=128, block_n=128, split="m", num_stages=2, tiles="groups")):  # halves
    run(config, 4)


def test_masked_row_tiles_load_only_the_rows_up_to_masked_m(rng):
  # M_max a multiple of block_m: the kernel reads masked_m and loads each group's lhs rows up
  # to its last valid one as one box of 8, 16, 32 or 64 rows (5, 13, 30 and 40 / 64 rows here;
  # a box too small leaves valid rows unread), NaN in the rows past masked_m never loaded.
  # lhs_boxes="exact": boxes of the 8-row count's binary digits (13 rows: 8 + 8; 30: 16 + 8 +
  # 8; 40: 32 + 8), a plain barrier arrival for each digit not taken (a wrong count hangs or
  # reads a slot before its rows land).
  run = _masked_case(rng, 64, 64, 128, np.array([5, 13, 30, 64, 0, 40], np.int32))
  for boxes in ("one", "exact"):
    run(C(block_m=64, block_n=128, split="n", num_stages=2, lhs_boxes=boxes), 4)
  # block_m = 192, not a power of two: a group of 150 rows takes the whole 192-row box (a list
  # of power-of-two boxes that stops at 128 left rows 128..149 unread); exact: 19 8-row tiles,
  # boxes of 16, 2 and 1 of the digits 16, 8, 4, 2, 1.
  run = _masked_case(rng, 192, 64, 128, np.array([150, 5, 192], np.int32))
  for boxes in ("one", "exact"):
    run(C(block_m=192, block_n=128, split="n", num_stages=2, lhs_boxes=boxes), 3)


def test_masked_row_tiles_snake_the_last_round(rng):
  # M_max = 2 row tiles of 64: 3 groups x 2 row tiles x 2 column tiles = 12 units on 7 CTAs,
  # one whole round and a last, partial round (odd: reversed) of 5 units, which with
  # snake_last goes to CTAs 2..6 (`Deal`); the kernel's count and its items must agree (a CTA
  # that runs one unit too many or too few leaves output tiles unwritten or hangs on the ring).
  config = C(block_m=64, block_n=128, split="n", num_stages=2)
  deal = Deal.of(12, 0, 7, 1, snake=True, snake_last=True)
  assert [int(deal.count(c)) for c in range(7)] == [1, 1, 2, 2, 2, 2, 2]
  _masked_case(rng, 128, 64, 256, np.array([70, 5, 128], np.int32))(config, 7)


def test_masked_group_tiles_run_zero_units_after_the_work_and_quarter_pieces(rng):
  # Masked layout, 128 x 256 group tiles on 5 CTAs: 3 work tiles (masked_m 150 -> two, the
  # second a half tile; 70 -> one) and 4 zero-segment tiles (rows 144..159, the empty group's
  # 160 rows in two, 384..479), x 2 column tiles: 6 work units = one round, then one unit cut
  # into 4 column pieces of 64 (each consumer 64 x 64), then the 8 zero units on the CTAs
  # after them.
  g, m_max, k, n = 3, 160, 64, 512
  masked_m = np.array([150, 0, 70], np.int32)
  config = C(block_m=128, block_n=256, split="m", num_stages=2, tiles="groups")
  _, _, counts = _metadata(g * m_max, 128, True, masked_m=jnp.asarray(masked_m), m_max=m_max)
  assert counts == (7, 3)                          # tiles used, tiles of the groups
  deal = Deal.of(jnp.int32(6), jnp.int32(8), 5, tail_split(config, activation=None, fp8=False))
  assert (deal.rounds, int(deal.pieces), int(deal.work_slots), int(deal.total)) == (1, 4, 9, 17)
  _masked_case(rng, m_max, k, n, masked_m)(config, 5)


def _written_rows(valid_ends, total, tile_rows):
  """Rows a kernel with invalid_rows="unwritten" stores, given the end of the valid rows of each
  `tile_rows`-row consumer tile (rows [t * tile_rows, valid_end)): each consumer's rows up to its
  last valid one rounded up to a power-of-two number of 8-row tiles (or all of them), none
  where it has none."""
  written = np.zeros(total, bool)
  for t, end in enumerate(valid_ends):
    count = max(0, min(end - t * tile_rows, tile_rows))
    if count:
      box = next((b for b in (8, 16, 32, 64, 128) if b >= count and b < tile_rows), tile_rows)
      written[t * tile_rows:t * tile_rows + box] = True
  return written


@pytest.mark.parametrize("config", [
    C(block_m=64, block_n=128, split="n", num_stages=2),                 # Gm decode's table
    C(block_m=128, block_n=128, split="m", num_stages=2),                # a consumer with none
    C(block_m=64, block_n=128, split="n", num_stages=2, tiles="groups")])
def test_unwritten_invalid_rows_store_only_up_to_the_last_valid_row(rng, config):
  # invalid_rows="unwritten", masked layout, M_max a multiple of block_m (the kernel reads
  # masked_m): every valid row right, and the rows the kernel must not write left as the
  # interpreter allocated them (NaN): row tiles store each consumer's rows up to its last
  # valid one in a box of 8, 16, 32, 64 (or all) rows and skip tiles past masked_m; group tiles
  # store exactly the groups' rows and deal no zero segment.
  m_max, k, n = 128, 64, 128
  masked_m = np.array([5, 70, 0, 128, 33], np.int32)
  g = len(masked_m)
  lhs = rng.standard_normal((g, m_max, k)).astype(np.float32)
  for i, mm in enumerate(masked_m):
    lhs[i, mm:] = np.nan
  lhs16 = jnp.asarray(lhs, jnp.bfloat16)
  rhs16 = jnp.asarray(rng.standard_normal((g, k, n)) / 8, jnp.bfloat16)
  want = grouped_gemm_numpy(np.asarray(lhs16, np.float64), np.asarray(rhs16, np.float64),
                            masked_m=masked_m)
  out = np.asarray(_run(lhs16, rhs16, masked_m=jnp.asarray(masked_m), config=config, num_sms=3,
                        invalid_rows="unwritten"), np.float32)
  valid = np.arange(m_max)[None, :] < masked_m[:, None]
  _close(out[valid], want[valid])
  if config.tiles == "groups":
    written = valid
  else:
    rows = config.block_m // 2 if config.split == "m" else config.block_m
    written = np.stack([_written_rows([mm] * (m_max // rows), m_max, rows) for mm in masked_m])
  assert np.all(out[~written] != out[~written])             # NaN: never written
  assert np.all(out[written & ~valid] == 0)                 # a box's rows past masked_m


def test_unwritten_invalid_rows_contiguous(rng):
  # The contiguous layout's rows past sum(group_sizes) (145 of 200): row tile 2 (rows 128..191)
  # stores a box of 32 rows, tile 3 none; group tiles store exactly rows 0..144.
  sizes = np.array([70, 0, 75], np.int32)
  x = rng.standard_normal((200, 64))
  w = rng.standard_normal((3, 64, 128)) / 8
  lhs16, rhs16 = jnp.asarray(x, jnp.bfloat16), jnp.asarray(w, jnp.bfloat16)
  want = grouped_gemm_numpy(np.asarray(lhs16, np.float64), np.asarray(rhs16, np.float64),
                            group_sizes=sizes)
  for config, written in ((C(block_m=64, block_n=128, split="n", num_stages=2),
                           _written_rows([145] * 4, 200, 64)),
                          (C(block_m=64, block_n=128, split="n", num_stages=2, tiles="groups"),
                           np.arange(200) < 145)):
    out = np.asarray(_run(lhs16, rhs16, jnp.asarray(sizes), config=config, num_sms=3,
                          invalid_rows="unwritten"), np.float32)
    _close(out[:145], want[:145])
    assert np.all(np.isnan(out[~written])) and np.all(out[written][145:] == 0)


@pytest.mark.parametrize("layout,config,rhs_layout", [
    ("contiguous", C(block_m=128, block_n=128, split="m", num_stages=2), "kn"),
    ("masked", C(block_m=64, block_n=256, split="n", num_stages=2), "kn"),
    ("masked", C(block_m=64, block_n=256, split="n", num_stages=2), "nk"),
    ("contiguous", C(block_m=64, block_n=256, split="n", num_stages=2, tiles="groups"), "kn"),
    ("contiguous", C(block_m=128, block_n=256, split="m", num_stages=2, tiles="groups"), "nk"),
    ("contiguous", C(block_m=128, block_n=128, split="m", num_stages=3), "nk"),
    ("masked", C(block_m=64, block_n=256, split="n", num_stages=2, tiles="groups",
                 segment_stores="rows"), "kn")])
def test_swiglu_epilogue(rng, layout, config, rhs_layout):
  # rhs = [gate | up]: a tile reads both halves' columns and writes silu(gate) * up. N/2 = 192 is
  # not a multiple of a 256-column tile's 128 output columns (the last tile's gate box runs past
  # N/2; N/2 must be whole 64-column output tiles), K = 72 not a multiple of the K step.
  # rhs_layout="nk": the same weights K-major ([G, N, K] tiles).
  g, k, n = 3, 72, 384
  rhs = rng.standard_normal((g, k, n)).astype(np.float32) / np.sqrt(k)
  rhs16 = jnp.asarray(rhs, jnp.bfloat16)
  rhs_in = jnp.swapaxes(rhs16, 1, 2) if rhs_layout == "nk" else rhs16
  if layout == "contiguous":
    sizes = np.array([60, 0, 85], np.int32)   # group 0 ends in a half tile (128 x 256 groups)
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
  out = _run(lhs16, rhs_in, activation="swiglu", config=config, num_sms=3, rhs_layout=rhs_layout,
             **kw)
  want = grouped_gemm_numpy(np.asarray(lhs16, np.float64), np.asarray(rhs16, np.float64),
                            activation="swiglu", **oracle)
  assert out.shape == lhs.shape[:-1] + (n // 2,)
  _close(out.reshape(-1, n // 2), want.reshape(-1, n // 2))
  assert np.all(np.asarray(out, np.float32)[want == 0] == 0)   # rows of no group: zeros


@pytest.mark.parametrize("layout,config,activation", [
    ("contiguous", C(block_m=64, block_n=128, split="n", num_stages=2, tiles="groups"), None),
    ("masked", C(block_m=128, block_n=128, split="m", num_stages=2), "swiglu"),
    ("contiguous", C(block_m=128, block_n=256, split="m", num_stages=2), "swiglu")])
def test_k_major_output_of_partial_64_column_tiles(rng, layout, config, activation):
  # N_out = 200 (N, or N/2 with SwiGLU): a last column tile with 8 of its 64-column chunks' 64
  # columns in the result. K-major weights only: [G, K, N] ones raise, naming the layout that
  # works. (The interpreter pads each part to whole tiles; the GPU's TMA boxes past N, SwiGLU's
  # up half starting inside a tile and the untiled output view: tests/gpu, n_edge.)
  g, k, n_out = 3, 64, 200
  n = n_out * (2 if activation else 1)
  rhs = rng.standard_normal((g, k, n)).astype(np.float32) / 8
  rhs16 = jnp.asarray(rhs, jnp.bfloat16)
  if layout == "contiguous":
    sizes = np.array([70, 0, 75], np.int32)
    lhs = rng.standard_normal((160, k)).astype(np.float32)
    lhs[145:] = np.nan
    kw, oracle = dict(group_sizes=jnp.asarray(sizes)), dict(group_sizes=sizes)
  else:
    masked_m = np.array([33, 64, 0], np.int32)
    lhs = rng.standard_normal((g, 64, k)).astype(np.float32)
    lhs[0, 33:] = np.nan
    kw, oracle = dict(masked_m=jnp.asarray(masked_m)), dict(masked_m=masked_m)
  lhs16 = jnp.asarray(lhs, jnp.bfloat16)
  with pytest.raises(NotImplementedError, match="rhs_layout='nk'"):
    _run(lhs16, rhs16, activation=activation, config=config, num_sms=3, **kw)
  out = _run(lhs16, jnp.swapaxes(rhs16, 1, 2), activation=activation, config=config, num_sms=3,
             rhs_layout="nk", **kw)
  want = grouped_gemm_numpy(np.asarray(lhs16, np.float64), np.asarray(rhs16, np.float64),
                            activation=activation, **oracle)
  assert out.shape == lhs.shape[:-1] + (n_out,)
  _close(out.reshape(-1, n_out), want.reshape(-1, n_out))
  assert np.all(np.asarray(out, np.float32)[want == 0] == 0)   # rows of no group: zeros


@pytest.mark.parametrize("config,activation,num_sms,invalid_rows", [
    (C(block_m=64, block_n=128, split="n", num_stages=2), None, 3, "zero"),
    (C(block_m=128, block_n=128, split="m", num_stages=3), None, 2, "zero"),
    (C(block_m=128, block_n=128, split="m", num_stages=3), None, 2, "unwritten"),
    (C(block_m=64, block_n=256, split="n", num_stages=2), "swiglu", 3, "zero")])
def test_signals_count_column_tiles_and_a_consumer_reads_final_blocks(rng, config, activation,
                                                                      num_sms, invalid_rows):
  # Masked layout with an empty group, a partial one and a full one; N/N_out not a multiple of
  # the tile's columns. Every block's signal ends at the column-tile count, and a consumer on an
  # extra CTA that copies each block once its signal is complete gets the final output. (Under
  # the interpreter the consumer runs after the GEMM's CTAs; the H200 test runs them together.)
  # invalid_rows="unwritten": blocks past masked_m, storing nothing, still count every tile.
  g, m_max, k, n = 3, 128, 64, 384 if activation else 320   # N_out 192 / 320: whole 64 columns
  masked_m = np.array([70, 0, 128], np.int32)
  lhs = rng.standard_normal((g, m_max, k)).astype(np.float32)
  lhs[0, 70:] = np.nan
  rhs = rng.standard_normal((g, k, n)).astype(np.float32) / 8
  lhs16, rhs16 = jnp.asarray(lhs, jnp.bfloat16), jnp.asarray(rhs, jnp.bfloat16)
  n_out = n // 2 if activation else n
  target = signal_target(config, n=n, activation=activation)
  assert target == -(-n_out // (config.block_n // (2 if activation else 1)))
  blocks = g * m_max // config.block_m
  padded_n = target * config.block_n // (2 if activation else 1)  # interpret: whole tiles
  consumer = snapshot_consumer(num_ctas=1, num_blocks=blocks, block_m=config.block_m,
                               n_out=padded_n, target=target, dtype=jnp.bfloat16, interpret=True)
  out, signals, snap, polls = _run(lhs16, rhs16, masked_m=jnp.asarray(masked_m),
                                   activation=activation, return_signals=True, config=config,
                                   num_sms=num_sms, consumer=consumer, invalid_rows=invalid_rows)
  want = grouped_gemm_numpy(np.asarray(lhs16, np.float64), np.asarray(rhs16, np.float64),
                            masked_m=masked_m, activation=activation)
  assert out.shape == (g, m_max, n_out) and signals.shape == (g, m_max // config.block_m)
  valid = (np.arange(m_max)[None, :] < masked_m[:, None]).reshape(-1)
  checked = valid if invalid_rows == "unwritten" else np.ones_like(valid)
  _close(out.reshape(-1, n_out)[checked], want.reshape(-1, n_out)[checked])
  np.testing.assert_array_equal(np.asarray(signals), target)
  np.testing.assert_array_equal(np.asarray(snap)[checked, :n_out],
                                np.asarray(out).reshape(-1, n_out)[checked])
  np.testing.assert_array_equal(np.asarray(polls), 0)
  if num_sms != 3 or activation:     # once: the interpreter is slow
    return
  # The same call without a consumer, and plain (no signals), agree with it exactly.
  out2, signals2 = _run(lhs16, rhs16, masked_m=jnp.asarray(masked_m), activation=activation,
                        return_signals=True, config=config, num_sms=num_sms)
  out3 = _run(lhs16, rhs16, masked_m=jnp.asarray(masked_m), activation=activation, config=config,
              num_sms=num_sms)
  np.testing.assert_array_equal(np.asarray(out2), np.asarray(out))
  np.testing.assert_array_equal(np.asarray(out3), np.asarray(out))
  np.testing.assert_array_equal(np.asarray(signals2), target)


def test_signals_need_whole_row_tiles_of_one_group():
  lhs, rhs = jnp.zeros((2, 96, 64), jnp.bfloat16), jnp.zeros((2, 64, 128), jnp.bfloat16)
  mm = jnp.array([96, 5])
  assert signals_reason(C(block_m=64, block_n=128, split="n"), m_max=192) is None
  assert "M_max (lhs.shape[1] = 96)" in signals_reason(C(block_m=128), m_max=96)
  assert "tiles='rows'" in signals_reason(C(block_m=64, split="n", tiles="groups"), m_max=128)
  with pytest.raises(NotImplementedError, match="block_m = 128"):
    grouped_gemm_pallas(lhs, rhs, masked_m=mm, return_signals=True, config=C(block_m=128))
  with pytest.raises(NotImplementedError, match="masked layout"):
    grouped_gemm_pallas(lhs.reshape(192, 64), rhs, jnp.array([96, 5]), return_signals=True)
  consumer = SignalConsumer(num_ctas=1, body=lambda *refs: None)
  with pytest.raises(NotImplementedError, match="needs return_signals=True"):
    grouped_gemm_pallas(lhs, rhs, masked_m=mm, consumer=consumer)
  with pytest.raises(ValueError, match="consumer.num_ctas must be in 1..3"):
    grouped_gemm_pallas(jnp.zeros((2, 128, 64), jnp.bfloat16), rhs, masked_m=mm,
                        return_signals=True, num_sms=4, config=C(block_m=64, block_n=128, split="n"),
                        consumer=SignalConsumer(num_ctas=4, body=lambda *refs: None))


F8 = dict(block_k=128)


@pytest.mark.parametrize("layout,config,rhs_layout,k", [
    ("contiguous", C(block_m=128, block_n=128, split="m", num_stages=2, **F8), "kn", 256),
    ("contiguous", C(block_m=64, block_n=256, split="n", num_stages=3, tiles="groups", **F8),
     "nk", 256),
    # K of one scale block: a unit's one step is the peeled last one, its K loop runs none
    ("masked", C(block_m=64, block_n=256, split="n", num_stages=2, **F8), "kn", 128),
    ("masked", C(block_m=128, block_n=128, split="m", num_stages=2, **F8), "nk", 256),
    ("contiguous", C(block_m=128, block_n=192, split="m", num_stages=2, **F8), "nk", 256),
    # the H200 table's prefill config (session 27): 128 x 192 tiles inside the groups
    ("contiguous", C(block_m=128, block_n=192, split="m", num_stages=2, tiles="groups", **F8),
     "nk", 256),
    ("masked", C(block_m=64, block_n=384, split="n", num_stages=2, **F8), "kn", 256),
    # row stores, deferred under the next unit's wgmmas (`deferred_stores`): 3 group tiles and
    # the masked layout's zero units on 3 CTAs, 2 steps (a flush in the loop's step, one in the
    # last) or 1 (both in the last); a zero unit runs no step and flushes at once
    ("masked", C(block_m=128, block_n=128, split="m", num_stages=2, tiles="groups",
                 segment_stores="rows", **F8), "nk", 256),
    ("contiguous", C(block_m=64, block_n=256, split="n", num_stages=2, tiles="groups",
                     segment_stores="rows", **F8), "nk", 128)])
def test_fp8_1d2d_scales(rng, layout, config, rhs_layout, k):
  # float8_e4m3fn with DeepGEMM's 1D2D scales: K of 2 scale blocks (one in one case), N = 192
  # (a partial rhs scale block, and the last tile's columns past N), scales spanning 2^-4..2^4
  # so a wrong block or row scale shows, an empty group, NaN rows past the groups. 192-column
  # consumers: N = 320, so a consumer's columns start mid scale block and run past N.
  g, n = 3, 320 if config.wg_tile[1] == 192 else 192
  block_scale = np.exp2(rng.integers(-4, 5, (g, k // 128, -(-n // 128))))
  w = rng.standard_normal((g, k, n)) * block_scale.repeat(128, 1).repeat(128, 2)[..., :n]
  rq, rs = quantize_rhs_fp8(w)
  if layout == "contiguous":
    sizes = np.array([70, 0, 75], np.int32)
    x = rng.standard_normal((160, k)) * np.exp2(rng.integers(-4, 5, (160, k // 128))
                                                ).repeat(128, 1)
    kw, oracle = dict(group_sizes=jnp.asarray(sizes)), dict(group_sizes=sizes)
  else:
    masked_m = np.array([33, 64, 0], np.int32)
    x = rng.standard_normal((g, 64, k)) * np.exp2(rng.integers(-4, 5, (g, 64, k // 128))
                                                  ).repeat(128, 2)
    kw, oracle = dict(masked_m=jnp.asarray(masked_m)), dict(masked_m=masked_m)
  lq, ls = quantize_lhs_fp8(x)
  if layout == "contiguous":
    lq = lq.at[145:].set(jnp.nan)      # rows past the groups: garbage must not leak
  want = grouped_gemm_numpy(dequant_lhs(lq, ls), dequant_rhs(rq, rs), **oracle)
  scales = {}
  if rhs_layout == "nk":     # K-major weights: values [G, N, K], scales [G, N/128, K/128], and
    # (the serving form, as DeepGEMM takes them) MN-major lhs scales [K/128, ...]
    rq, rs = jnp.swapaxes(rq, 1, 2), jnp.swapaxes(rs, 1, 2)
    ls, scales = jnp.moveaxis(ls, -1, 0), dict(lhs_scale_layout="km")
  out = _run(lq, rq, lhs_scale=ls, rhs_scale=rs, config=config, num_sms=3, rhs_layout=rhs_layout,
             **scales, **kw)
  assert out.shape == x.shape[:-1] + (n,) and out.dtype == jnp.bfloat16
  _close(out.reshape(-1, n), np.nan_to_num(want).reshape(-1, n))
  assert np.all(np.asarray(out, np.float32).reshape(-1, n)[np.nan_to_num(want).reshape(-1, n)
                                                           == 0] == 0)


@pytest.mark.parametrize("config", [
    C(block_m=128, block_n=192, split="m", num_stages=2, tiles="groups", stream_k=True, **F8),
    C(block_m=128, block_n=192, split="m", num_stages=2, tiles="groups", stream_k=True,
      sk_partials="lanes", **F8),
    # row stores: deferred (`deferred_stores`), a cut unit's tile stored by the last CTA only
    C(block_m=128, block_n=128, split="m", num_stages=2, tiles="groups", stream_k=True,
      segment_stores="rows", **F8)])
def test_fp8_stream_k_sums_units_cut_between_ctas(rng, monkeypatch, config):
  # test_stream_k_sums_units_cut_between_ctas's deal (4 group tiles x 3 column tiles on 5 CTAs:
  # 2 whole rounds, then 2 units of 4 K steps on 4 CTAs of 2 steps each) with fp8 operands and
  # 1D2D scales: the second CTA of a cut unit starts at the unit's third scale block (the lhs
  # row scales and rhs block scales of its own K range), and each consumer's 192 columns are
  # three 64-column pieces (they start mid scale block), stored to and summed from the
  # workspace side by side. Scales spanning 2^-4..2^4 make a wrong block's scale show.
  # (192 columns a consumer: GATHER_COLS, 128, does not divide them, so the sums run by 64)
  monkeypatch.setattr(plan, "MIN_STREAM_STEPS", 2)
  sizes, k, n = np.array([150, 100, 40], np.int32), 512, 3 * config.block_n
  block_scale = np.exp2(rng.integers(-4, 5, (3, k // 128, -(-n // 128))))
  w = rng.standard_normal((3, k, n)) * block_scale.repeat(128, 1).repeat(128, 2)[..., :n]
  x = rng.standard_normal((290, k)) * np.exp2(rng.integers(-4, 5, (290, k // 128))).repeat(128, 1)
  (lq, ls), (rq, rs) = quantize_lhs_fp8(x), quantize_rhs_fp8(w)
  want = grouped_gemm_numpy(dequant_lhs(lq, ls), dequant_rhs(rq, rs), group_sizes=sizes)
  deal = StreamDeal.of(12, 3, 5, 4, min_steps=2)
  assert (int(deal.rounds), int(deal.sk_units), int(deal.ctas)) == (2, 2, 4)
  out = _run(lq, jnp.swapaxes(rq, 1, 2), jnp.asarray(sizes), lhs_scale=ls,
             rhs_scale=jnp.swapaxes(rs, 1, 2), config=config, num_sms=5, rhs_layout="nk")
  _close(out, want)


def test_fp8_unsupported_configs():
  fp8 = dict(k=256, n=256, dtype="float8_e4m3fn", out_dtype="bfloat16", activation=None)
  assert unsupported_reason(C(block_m=128, block_n=128, **F8), **fp8) is None
  assert "block_k=64" in unsupported_reason(C(block_m=128, block_n=128), **fp8)
  assert "64 x 256 consumer tile" in unsupported_reason(C(**F8), **fp8)
  assert unsupported_reason(C(block_m=128, block_n=192, **F8), **fp8) is None
  assert unsupported_reason(C(block_m=64, block_n=384, split="n", **F8), **fp8) is None
  assert "64 x 256 consumer tile" in unsupported_reason(C(block_m=128, block_n=256, **F8), **fp8)
  assert "K % 128" in unsupported_reason(C(block_m=128, block_n=128, **F8), **dict(fp8, k=192))
  assert "swiglu" in unsupported_reason(C(block_m=128, block_n=128, **F8),
                                        **dict(fp8, activation="swiglu"))
  assert "block_k=128 with bfloat16" in unsupported_reason(
      C(**F8), k=256, n=256, dtype="bfloat16", out_dtype="bfloat16", activation=None)
  with pytest.raises(ValueError, match="need lhs_scale"):
    grouped_gemm_pallas(jnp.zeros((8, 256), jnp.float8_e4m3fn),
                        jnp.zeros((1, 256, 128), jnp.float8_e4m3fn), jnp.array([8]),
                        config=C(block_m=128, block_n=128, **F8))


def test_epilogue_buffers_two_where_they_fit_else_one():
  # Two output buffers per consumer where shared memory holds them beside the ring; one where
  # only that makes the ring fit (fp8 128 x 128 at 6 stages, 128 x 192 at 5: each 2 KB over
  # the limit with two); a ring too deep for either is refused.
  fp8 = dict(k=256, n=256, dtype="float8_e4m3fn", out_dtype="bfloat16", activation=None)
  groups = dict(tiles="groups", **F8)
  for config, bufs in ((C(block_m=128, block_n=128, num_stages=5, **groups), 2),
                       (C(block_m=128, block_n=128, num_stages=6, **groups), 1),
                       (C(block_m=128, block_n=192, num_stages=4, **groups), 2),
                       (C(block_m=128, block_n=192, num_stages=5, **groups), 1)):
    assert epilogue_buffers(config, itemsize=1) == bufs, config
    assert smem_bytes(config, itemsize=1, epi_bufs=2) - smem_bytes(config, itemsize=1) == (
        (2 - bufs) * 2 * 64 * 64 * 2)
    assert unsupported_reason(config, **fp8) is None
  assert epilogue_buffers(C(block_m=128, block_n=256, num_stages=4)) == 2
  # bf16: 128 x 192 group tiles at 5 stages (test_contiguous_ragged_groups runs them, deferred)
  assert epilogue_buffers(C(block_m=128, block_n=192, num_stages=5, tiles="groups")) == 1
  assert "shared memory" in unsupported_reason(C(block_m=128, block_n=192, num_stages=6, **groups),
                                               **fp8)


@pytest.mark.parametrize("config", [
    C(block_m=128, block_n=128, split="m", num_stages=2, tiles="groups", **F8),
    C(block_m=128, block_n=128, split="m", num_stages=6, tiles="groups", **F8),
    C(block_m=128, block_n=128, split="m", num_stages=2, tiles="groups", segment_stores="rows",
      **F8)],
    ids=["s2", "s6_one_epilogue_buffer", "s2_row_stores"])
def test_fp8_half_tiles(rng, config):
  # fp8 with 1D2D scales on 128 x 128 group tiles: groups of 40 and 33 rows and the 22-row end
  # of a 150-row group each run as a half tile (64 rows, each consumer 64 columns: one
  # 64-column promotion piece whose rhs scale block starts at its own column), NaN rows past the
  # groups; at 6 stages the consumers store through one epilogue buffer each.
  assert half_tiles(config, activation=None)
  sizes, k, n = np.array([40, 150, 33], np.int32), 384, 256
  block_scale = np.exp2(rng.integers(-4, 5, (3, k // 128, n // 128)))
  w = rng.standard_normal((3, k, n)) * block_scale.repeat(128, 1).repeat(128, 2)
  rows = int(sizes.sum()) + 7
  x = rng.standard_normal((rows, k)) * np.exp2(rng.integers(-4, 5, (rows, k // 128))
                                               ).repeat(128, 1)
  (lq, ls), (rq, rs) = quantize_lhs_fp8(x), quantize_rhs_fp8(w)
  lq = lq.at[int(sizes.sum()):].set(jnp.nan)
  want = grouped_gemm_numpy(dequant_lhs(lq, ls), dequant_rhs(rq, rs), group_sizes=sizes)
  out = _run(lq, jnp.swapaxes(rq, 1, 2), jnp.asarray(sizes), lhs_scale=jnp.moveaxis(ls, -1, 0),
             rhs_scale=jnp.swapaxes(rs, 1, 2), lhs_scale_layout="km", config=config, num_sms=3,
             rhs_layout="nk")
  _close(out[:int(sizes.sum())], np.asarray(want)[:int(sizes.sum())])


def _metadata(rows, block_m, by_group, *, direct=False, kernel=False, zero_segments=True,
              exact_starts=False, **groups):
  """What the kernel reads, through `plan.Meta` over the arrays `plan.launch_meta` computes (the
  kernel's reads done on arrays): every segment's bounds ([S, 2]; with `direct`, masked_m read
  as the kernel reads it, S = G), every row tile's `Meta.tile` entry ([tiles, 3]: first, last,
  first row; tiles="groups": only those of the tiles in use) and, tiles="groups",
  `Meta.counts` (tiles in use, tiles of the groups). With `kernel`, the metadata the kernel
  computes from the group sizes (`plan.sizes_meta`) instead of XLA's. `Meta.segment` must give
  the bounds `Meta.bound` gives. One jitted function of
  fresh identity: one compile per trial instead of one per eager op and shape, and no cache
  shared across a patched _index.COMPARE_ALL_LIMIT."""
  m_max = groups.pop("m_max", 0)
  num_groups = next(v.shape[0] for k, v in groups.items() if k in ("group_sizes", "masked_m"))

  def run(**groups):
    launch = plan.launch_meta(rows, block_m, by_group=by_group, m_max=m_max, direct=direct,
                              kernel=kernel, zero_segments=zero_segments,
                              exact_starts=exact_starts, **groups)
    meta = plan.Meta(launch.ends, launch.bounds, block_m, num_groups, segments=launch.segments,
                     by_group=by_group, m_max=m_max if direct else 0, sizes=kernel, rows=rows,
                     exact_starts=exact_starts)
    segs = jnp.arange(launch.segments or num_groups, dtype=jnp.int32)
    bounds = jnp.stack([jax.vmap(lambda g, e=e: meta.bound(g, e))(segs) for e in (0, 1)], 1)
    pairs = jnp.stack(jax.vmap(meta.segment)(segs), 1)
    entries = jnp.stack(jax.vmap(meta.tile)(jnp.arange(launch.m_tiles, dtype=jnp.int32)), 1)
    return (bounds, pairs, entries,
            jnp.stack(meta.counts()) if by_group else jnp.zeros(2, jnp.int32))
  bounds, pairs, entries, counts = map(np.asarray, jax.jit(run)(**groups))
  assert np.array_equal(pairs, bounds)
  if not by_group:
    return bounds, entries, None
  return bounds, entries[:counts[0]], (int(counts[0]), int(counts[1]))


def test_count_sorted_matches_searchsorted(rng):
  for n in (0, 1, 2, 3, 7, 8, 9, 10, 16, 17, 64, 129):
    values = np.sort(rng.integers(0, 40, n)).astype(np.int32)
    flat = np.stack([values - 1, values], 1).reshape(-1)      # stride 2, offset 1
    for bound in range(-1, 42, 3):
      for strict in (False, True):
        want = np.searchsorted(values, bound, side="left" if strict else "right")
        assert int(count_sorted(values, n, bound, strict=strict)) == want, (n, bound)
        assert int(count_sorted(flat, n, bound, strict=strict, stride=2, offset=1)) == want


def test_row_tile_entries_match_brute_force(rng):
  for trial in range(20):
    num_groups = int(rng.integers(1, 9))
    sizes = random_group_sizes(rng, num_groups, int(rng.integers(0, 300)),
                               empty=int(rng.integers(0, num_groups)))
    ends = np.cumsum(sizes).astype(np.int32)
    starts = ends - sizes
    bm = int(rng.choice([64, 128]))
    rows = max(int(ends[-1]), 1) + int(rng.integers(0, 2 * bm))
    _, got, _ = _metadata(rows, bm, False, group_sizes=jnp.asarray(sizes))
    assert np.array_equal(got[:, 2], np.arange(len(got)) * bm)
    for t in range(len(got)):
      touching = [g for g in range(num_groups)
                  if sizes[g] and starts[g] < (t + 1) * bm and ends[g] > t * bm]
      covered = set(range(got[t, 0], got[t, 1] + 1))
      assert set(touching) <= covered, (trial, t)
      assert all(sizes[g] == 0 or g in touching for g in covered), (trial, t)


def test_masked_row_tiles_read_from_masked_m_match_the_searched_bounds(rng):
  """plan.Meta reading masked_m (M_max a multiple of block_m: no XLA kernel) gives every bound
  and every row tile's entry that the search of segment_bounds gives (`_metadata`), masked_m
  out of [0, M_max] included (clipped)."""
  for trial in range(12):
    num_groups = int(rng.integers(4, 10))
    bm = int(rng.choice([64, 128]))
    m_max = bm * int(rng.integers(1, 4))
    masked_m = rng.integers(-3, m_max + 4, num_groups).astype(np.int32)
    # a full group, a bound on a tile edge, a negative count, one past M_max, an empty group
    masked_m[:5] = rng.permutation([m_max, bm, -2, m_max + 3, 0])[:num_groups]
    searched = _metadata(num_groups * m_max, bm, False, masked_m=jnp.asarray(masked_m),
                         m_max=m_max)
    direct = _metadata(num_groups * m_max, bm, False, direct=True,
                       masked_m=jnp.asarray(masked_m), m_max=m_max)
    assert np.array_equal(direct[0], searched[0]), (trial, masked_m)      # bounds
    assert np.array_equal(direct[1], searched[1]), (trial, masked_m)      # tile entries


@pytest.mark.parametrize("exact_starts", [False, True])
@pytest.mark.parametrize("masked", [False, True])
def test_group_tiles_cover_every_row_once(rng, masked, exact_starts):
  """tiles="groups": each tile lies in one segment; a segment's first tile starts at its first
  row (exact_starts) or that rounded down to 8, each next one block_m rows on; every row of the
  result is written by exactly one tile (its group's, or a zero segment's for rows no group
  owns), since a tile writes exactly its segment's rows."""
  for trial in range(20):
    num_groups = int(rng.integers(1, 9))
    bm = int(rng.choice([64, 128]))
    if masked:
      m_max = int(rng.choice([8, 64, 128]))
      rows = num_groups * m_max
      masked_m = rng.integers(-2, m_max + 3, num_groups).astype(np.int32)   # clipped to M_max
      starts = np.arange(num_groups, dtype=np.int32) * m_max
      ends = starts + np.clip(masked_m, 0, m_max)
      bounds, tiles, (used, work) = _metadata(rows, bm, True, masked_m=jnp.asarray(masked_m),
                                              m_max=m_max, exact_starts=exact_starts)
    else:
      rows = int(rng.integers(1, 400))
      sizes = random_group_sizes(rng, num_groups, int(rng.integers(0, rows + 60)),
                                 empty=int(rng.integers(0, num_groups)))
      if num_groups > 2 and trial % 2:   # a whole tile's rows from a row no multiple of 8
        sizes[:2] = 3, bm
      ends = np.minimum(np.cumsum(sizes), rows).astype(np.int32)    # more rows than lhs: clipped
      starts = np.concatenate([[0], ends[:-1]]).astype(np.int32)
      bounds, tiles, (used, work) = _metadata(rows, bm, True, group_sizes=jnp.asarray(sizes),
                                              exact_starts=exact_starts)
    seg_starts, seg_ends = bounds.T
    assert np.array_equal(seg_starts[:num_groups], starts), trial
    assert np.array_equal(seg_ends[:num_groups], ends), trial
    assert used == len(tiles) <= group_tiles_bound(rows, len(seg_starts), bm), trial
    if exact_starts:   # no tile for the rows of a neighbour's 8-row tile
      assert used == (-(-(seg_ends - seg_starts) // bm)).sum(), trial
    assert (tiles[:, 0] == tiles[:, 1]).all()
    # the groups' tiles first (`work` of them), the zero segments' after
    assert (tiles[:work, 0] < num_groups).all() and (tiles[work:, 0] >= num_groups).all()
    writer = np.full(rows, -1)
    for t, (s_lo, s_hi, row) in enumerate(tiles):
      assert seg_ends[s_lo] > seg_starts[s_lo], (trial, t)
      first = seg_starts[s_lo] if exact_starts else seg_starts[s_lo] // 8 * 8
      assert (row - first) % bm == 0 and row >= first, (trial, t)
      r = row + np.arange(bm)
      mine = r[(r >= seg_starts[s_lo]) & (r < seg_ends[s_lo])]
      assert mine.size, (trial, t)                     # no tile of a segment is wasted
      assert (writer[mine] == -1).all(), (trial, t)    # no row written twice
      writer[mine] = s_lo
    assert (writer >= 0).all(), trial                  # every row written
    owned = np.zeros(rows, bool)
    for g in range(num_groups):
      owned[starts[g]:ends[g]] = True
      assert (writer[starts[g]:ends[g]] == g).all(), (trial, g)
    assert (writer[~owned] >= num_groups).all(), trial     # zero segments only


def test_exact_starts_drop_the_tiles_of_a_neighbours_rows():
  """The figures support.exact_starts quotes, on the benchmark's group sizes (PEERS.md §3) at
  128 rows a tile: Gm_prefill_gu's 575 tiles computing 69824 rows (65536 valid; a last tile of
  at most 64 rows runs as a half tile, 64 rows) become 568 and 69248; on the decode shapes,
  whose groups each fit one tile, the counts do not change."""
  from jaxkern.shapes import GROUPED_GEMM_SHAPES

  def tiles_and_rows(shape, exact):
    sizes = shape.group_sizes()
    rows = int(sizes.sum())
    launch = plan.launch_meta(rows, 128, by_group=True, group_sizes=jnp.asarray(sizes),
                              exact_starts=exact)
    ends = np.asarray(launch.ends)
    bounds = np.asarray(launch.bounds).reshape(-1, 2)[:shape.num_groups]
    first = bounds[:, 0] if exact else bounds[:, 0] // 8 * 8
    span = np.where(bounds[:, 1] > bounds[:, 0], bounds[:, 1] - first, 0)
    last = span - (-(-span // 128) - 1) * 128          # rows of a segment's last tile
    computed = (-(-span // 128) - 1) * 128 + np.where(span == 0, 0,
                                                     np.where(last <= 64, 64, 128))
    return int(ends[-1]), int(computed.sum())
  by_name = {s.name: s for s in GROUPED_GEMM_SHAPES}
  assert tiles_and_rows(by_name["Gm_prefill_gu"], False) == (575, 69824)
  assert tiles_and_rows(by_name["Gm_prefill_gu"], True) == (568, 69248)
  for name in ("DS_G16_m64_gu", "DS_G16_m32_dn", "Gm_decode_gu", "Gm_decode_dn"):
    assert tiles_and_rows(by_name[name], True) == tiles_and_rows(by_name[name], False), name


def test_kernel_metadata_matches_xla_metadata(rng):
  """`plan.sizes_meta` (the kernel's own metadata for a few contiguous groups, no XLA kernel
  before the launch) gives every bound, row tile entry and tile count that XLA's
  `segment_bounds` and `tile_ends` give: both tile kinds, sizes past the rows, negative and
  empty, tiles from a segment's first row or that rounded down to 8. Without zero segments
  (invalid_rows="unwritten") the groups' tiles are all in use."""
  for trial in range(16):
    num_groups = int(rng.integers(1, 10))
    bm = int(rng.choice([64, 128, 192]))
    by_group = bool(trial % 2)
    zero = trial % 4 != 3
    rows = int(rng.integers(1, 500))
    sizes = random_group_sizes(rng, num_groups, int(rng.integers(0, rows + 60)),
                               empty=int(rng.integers(0, num_groups)))
    sizes[rng.integers(num_groups)] -= int(rng.integers(0, 3)) * 40    # negative: no rows
    if num_groups > 2:   # a whole tile's rows from a row that is no multiple of 8: 2 tiles
      sizes[:2] = 3, bm  # (1 with exact starts)
    groups = dict(group_sizes=jnp.asarray(sizes))
    exact = by_group and trial % 4 == 1
    xla = _metadata(rows, bm, by_group, zero_segments=zero, exact_starts=exact, **dict(groups))
    mine = _metadata(rows, bm, by_group, kernel=True, zero_segments=zero, exact_starts=exact,
                     **dict(groups))
    for a, b in zip(xla, mine):
      assert np.array_equal(a, b), (trial, groups)
    if by_group:
      assert len(xla[0]) == num_groups + zero and (xla[2][0] == xla[2][1]) == (
          not zero or int(np.clip(sizes, 0, None).sum()) >= rows)


def test_metadata_large_fallbacks_agree(rng, monkeypatch):
  """Above _index.COMPARE_ALL_LIMIT the metadata takes cumsum/search/sort forms instead of one
  compare-all reduction; both give the same bounds and plans."""
  from pallas_kernels import _index
  for trial in range(6):
    num_groups = int(rng.integers(1, 12))
    rows = int(rng.integers(1, 500))
    sizes = jnp.asarray(random_group_sizes(rng, num_groups, int(rng.integers(0, rows + 60)),
                                           empty=int(rng.integers(0, num_groups))))
    bm = int(rng.choice([64, 128]))

    def everything():
      return [np.asarray(x) for by_group in (False, True)
              for x in _metadata(rows, bm, by_group, group_sizes=sizes) if x is not None]
    small = everything()
    monkeypatch.setattr(_index, "COMPARE_ALL_LIMIT", 0)
    large = everything()
    monkeypatch.undo()
    for a, b in zip(small, large):
      assert np.array_equal(a, b), trial


def test_half_tiles_where_a_consumer_can_take_half_the_columns():
  groups = dict(split="m", tiles="groups")
  assert half_tiles(C(block_m=128, block_n=256, **groups), activation=None)
  assert half_tiles(C(block_m=128, block_n=128, **groups), activation=None)
  assert half_tiles(C(block_m=128, block_n=256, **groups), activation="swiglu")
  # 32 columns of each SwiGLU part per consumer; 64-row tiles; rows tiles
  assert not half_tiles(C(block_m=128, block_n=128, **groups), activation="swiglu")
  assert not half_tiles(C(block_m=64, block_n=256, split="n", tiles="groups"), activation=None)
  assert not half_tiles(C(block_m=128, block_n=256, split="m"), activation=None)
  # fp8: 64 x 64 consumers (one 64-column promotion piece); not 128 x 192's 96 columns
  assert half_tiles(C(block_m=128, block_n=128, **groups, **F8), activation=None)
  assert not half_tiles(C(block_m=128, block_n=192, **groups, **F8), activation=None)


def test_deferred_stores_only_on_group_tiles_without_signals():
  # Every interpret test of group tiles with several units per CTA runs them deferred; this
  # pins where they are off: rows tiles, signals (stored first), and fp8 unless it stores by
  # rows with at most FP8_DEFERRED_COLS columns a consumer (session 67: the swizzled form
  # spilled and lost; 128-column row stores built without spills, 192-column ones were not built).
  groups = C(block_m=128, block_n=256, tiles="groups")
  assert deferred_stores(groups, fp8=False, signals=False)
  assert not deferred_stores(C(block_m=128, block_n=256), fp8=False, signals=False)
  assert not deferred_stores(groups, fp8=False, signals=True)
  assert FP8_DEFERRED_COLS == 128
  fp8_groups = dict(tiles="groups", **F8)
  rows = C(block_m=128, block_n=128, segment_stores="rows", **fp8_groups)
  assert deferred_stores(rows, fp8=True, signals=False)
  assert deferred_stores(C(block_m=64, block_n=256, split="n", segment_stores="rows",
                           **fp8_groups), fp8=True, signals=False)
  assert not deferred_stores(rows, fp8=True, signals=True)
  assert not deferred_stores(C(block_m=128, block_n=128, **fp8_groups), fp8=True, signals=False)
  assert not deferred_stores(C(block_m=128, block_n=192, segment_stores="rows", **fp8_groups),
                             fp8=True, signals=False)


def test_exact_starts_only_for_16_bit_row_store_group_tiles():
  # Tiles from their segment's first row need stores that may start at any row (row stores)
  # and, for the lhs, the untiled view; fp8's build stopped at an illegal instruction on the
  # H200 (session 71, run476), so fp8 keeps tiles at the first row rounded down to 8.
  rows = C(block_m=128, block_n=128, tiles="groups", segment_stores="rows")
  assert exact_starts(rows, fp8=False)
  assert not exact_starts(rows, fp8=True)
  assert not exact_starts(C(block_m=128, block_n=128, tiles="groups"), fp8=False)
  assert not exact_starts(C(block_m=128, block_n=128), fp8=False)


def test_tail_pieces_deal_the_last_units_as_column_pieces():
  assert tail_pieces(1088, 132, 2) == (8, 2)       # 32 units left: 64 pieces on 64 CTAs
  assert tail_pieces(1056, 132, 2) == (8, 2)       # none left
  assert tail_pieces(3808, 132, 2) == (28, 1)      # 112 left: too many to cut
  assert tail_pieces(1088, 132, 1) == (8, 1)
  assert tail_pieces(144, 132, 4) == (1, 4)        # 12 left: 48 pieces
  assert tail_pieces(180, 132, 4) == (1, 2)        # 48 left: 96 pieces of 2, not 192 of 4
  assert tail_pieces(250, 132, 4) == (1, 1)
  groups = dict(tiles="groups")
  assert tail_split(C(block_m=128, block_n=256, **groups), activation=None, fp8=False) == 4
  assert tail_split(C(block_m=128, block_n=256, **groups), activation="swiglu", fp8=False) == 2
  assert tail_split(C(block_m=64, block_n=256, split="n", **groups), activation=None,
                    fp8=False) == 2
  # 32 columns of a piece per consumer, rows tiles, fp8: no pieces
  assert tail_split(C(block_m=128, block_n=128, **groups), activation="swiglu", fp8=False) == 1
  assert tail_split(C(block_m=64, block_n=128, split="n", **groups), activation=None,
                    fp8=False) == 1
  assert tail_split(C(block_m=128, block_n=256), activation=None, fp8=False) == 1
  assert tail_split(C(block_m=128, block_n=256, **groups, **F8), activation=None, fp8=True) == 1


@pytest.mark.parametrize("work,zero,ctas,split,snake", [
    (1088, 0, 132, 2, False), (144, 96, 132, 4, False), (180, 50, 132, 4, False),
    (7, 30, 5, 2, False), (0, 12, 5, 4, False), (10, 0, 5, 4, False), (3, 2, 8, 4, False),
    (896, 0, 132, 1, True), (29, 0, 6, 1, True), (3, 0, 8, 1, True), (23, 0, 6, 1, True),
    (2816, 0, 132, 1, True), (12, 0, 6, 1, True), (17, 4, 6, 1, True),
    (896, 0, 132, 1, "last"), (29, 0, 6, 1, "last"), (3, 0, 8, 1, "last"),
    (23, 0, 6, 1, "last"), (2816, 0, 132, 1, "last"), (12, 0, 6, 1, "last"),
    (17, 4, 6, 1, "last"), (0, 0, 6, 1, "last")])
def test_deal_runs_every_unit_once_and_zero_units_after_the_work(work, zero, ctas, split,
                                                                 snake):
  """Every work unit's columns are run exactly once (whole, or as pieces on as many CTAs), every
  zero unit once; no CTA runs a zero unit before its work; a CTA runs at most one work slot
  more than any other (the slots are dealt round robin)."""
  deal = Deal.of(jnp.int32(work), jnp.int32(zero), ctas, split, snake=bool(snake),
                 snake_last=snake == "last")
  covered = np.zeros((work, 4), int)             # quarters of each work unit's columns
  zeros, loads = np.zeros(zero, int), []
  for cta in range(ctas):
    seen_zero, count = False, int(deal.count(cta))
    loads.append(0)
    for i in range(count):
      is_zero, u, piece, pieces = (int(x) for x in deal.item(jnp.int32(cta), jnp.int32(i)))
      if is_zero:
        zeros[u] += 1
        seen_zero = True
        continue
      assert not seen_zero and 0 <= u < work and pieces in (1, 2, 4) and pieces <= max(split, 1)
      covered[u, piece * 4 // pieces:(piece + 1) * 4 // pieces] += 1
      loads[-1] += 1
  assert (covered == 1).all() and (zeros == 1).all()
  assert max(loads) - min(loads) <= 1


@pytest.mark.parametrize("used,band,n_tiles", [
    (1, 1, 1), (7, 2, 3), (7, 8, 5), (12, 3, 4), (9, 4, 1), (5, 1, 6), (16, 8, 32)])
def test_units_cover_every_tile_once_in_bands(used, band, n_tiles):
  """`plan.unit_tile`: the used * n_tiles units name every (row tile, column tile) once; within a
  band of `band` row tiles (the last one narrower) the row tile runs fastest, so a column
  tile's neighbouring row tiles (a group's, reading the same weights) come one after another."""
  st = types.SimpleNamespace(band=min(band, used), n_tiles=n_tiles)   # as the wrapper's Static
  tiles = [tuple(int(x) for x in unit_tile(jnp.int32(u), jnp.int32(used), st))
           for u in range(used * n_tiles)]
  assert sorted(tiles) == [(m, n) for m in range(used) for n in range(n_tiles)]
  width = min(band, used)
  for u, (m, n) in enumerate(tiles):
    first = u // (width * n_tiles) * width                 # the band's first row tile
    rows = min(width, used - first)                         # its width (the last may be less)
    r = u - first * n_tiles
    assert (m, n) == (first + r % rows, r // rows)


def test_snake_deals_alternating_units_to_every_cta():
  # DS_G16_m32_dn/masked on 64-row tiles: 2 row tiles per group (rows, then past masked_m) x 28
  # column tiles, band 2: units alternate work / zero. Dealt c, c + 132, ... every CTA of one
  # parity got only one kind (6 or 7 work units, or none); snaking, each CTA gets 3 or 4.
  # Gemma's masked decode gate/up (64 x 128 row tiles: 256 row tiles x 11 column tiles, band 8)
  # has 21 whole rounds and 44 units more: with snake_last its last, odd round goes to the last
  # 44 CTAs, whose odd rounds ran zero tiles, so each CTA runs 10 or 11 of the 1408 tiles of
  # rows; dealt to the first 44 (whole rounds only), CTAs 0, 2, ..., 42 ran 12. DS_G16_m32_dn/
  # masked on 64 x 128 tiles (32 row tiles x 56 column tiles, band 2: 13 rounds and 76 units):
  # at most 8 tiles of rows a CTA (CTAs 0, 2, ..., 74), 7 with snake_last (mean 6.8).
  for units, snake, want, most in (
      (896, False, {0, 6, 7}, None), (896, True, {3, 4}, None),
      (2816, True, {10, 11, 12}, range(0, 44, 2)), (2816, "last", {10, 11}, None),
      (1792, True, {6, 7, 8}, range(0, 76, 2)), (1792, "last", {6, 7}, None)):
    deal = Deal.of(units, 0, 132, 1, snake=bool(snake), snake_last=snake == "last")
    kinds = [sum(int(deal.item(jnp.int32(c), jnp.int32(i))[1]) % 2 == 0
                 for i in range(int(deal.count(c)))) for c in range(132)]
    assert set(kinds) == want, (units, snake)
    if most is not None:
      assert [c for c, k in enumerate(kinds) if k == max(want)] == list(most), (units, snake)


@pytest.mark.parametrize("config,dtype", [
    (C(block_m=128, block_n=256, num_stages=4), jnp.bfloat16),
    (C(block_m=128, block_n=192, block_k=128, num_stages=4, tiles="groups", stream_k=True,
       sk_partials="lanes"), jnp.float8_e4m3fn),
    # one epilogue buffer per consumer (`epilogue_buffers`): the deeper fp8 rings it makes fit
    (C(block_m=128, block_n=128, block_k=128, num_stages=6, tiles="groups"), jnp.float8_e4m3fn),
    (C(block_m=128, block_n=192, block_k=128, num_stages=5, tiles="groups"), jnp.float8_e4m3fn),
    # row stores, deferred under the next unit's wgmmas (`deferred_stores`): the table's
    # DS_G16_m64_gu/fp8 tiles, one stage deeper
    (C(block_m=128, block_n=128, block_k=128, num_stages=6, tiles="groups",
       segment_stores="rows"), jnp.float8_e4m3fn),
    # the table's Gm_prefill_gu: 16-bit row stores, tiles from their segment's first row, the
    # lhs through its ring's untiled view (`support.exact_starts`; a tiled copy's rows must
    # start at whole 8-row tiles: jax 0.11 refuses it, session 71's run475)
    (C(block_m=128, block_n=128, split="m", num_stages=5, band=1, tiles="groups",
       segment_stores="rows"), jnp.bfloat16),
], ids=["bf16_128x256_s4", "fp8_128x192_s4_sk", "fp8_128x128_s6", "fp8_128x192_s5",
        "fp8_128x128_s6_rows_deferred", "bf16_128x128_s5_rows_exact_starts"])
def test_smem_estimate_near_the_limit_compiles(config, dtype):
  # support.smem_bytes (through _mgpu.scoped_smem_bytes, which the attention kernel shares) puts
  # the bf16 config 1 KB under the 227 KB limit: the CUDA export on CPU runs Mosaic GPU's own
  # count, which must fit too.
  fp8 = dtype == jnp.float8_e4m3fn
  assert smem_bytes(config, itemsize=1 if fp8 else 2) <= 227 * 1024
  S = jax.ShapeDtypeStruct
  m, k, n, g = 512, 512, 512, 4
  args = [S((m, k), dtype), S((g, n, k) if fp8 else (g, k, n), dtype), S((g,), jnp.int32)]
  kw = dict(config=config, num_sms=132, rhs_layout="nk" if fp8 else "kn")
  if fp8:
    args += [S((m, k // 128), jnp.float32), S((g, n // 128, k // 128), jnp.float32)]
    f = lambda x, w, gs, sx, sw: grouped_gemm_pallas(x, w, gs, lhs_scale=sx, rhs_scale=sw, **kw)
  else:
    f = lambda x, w, gs: grouped_gemm_pallas(x, w, gs, **kw)
  with jax.sharding.use_abstract_mesh(H200_MESH):
    jax.export.export(jax.jit(f), platforms=["cuda"])(*args)


@pytest.mark.parametrize("layout", ["contiguous", "masked"])
@pytest.mark.parametrize("config,rhs_layout,activation", [
    (C(block_m=128, block_n=256, num_stages=4), "kn", None),
    (C(block_m=128, block_n=256, num_stages=4), "nk", "swiglu"),
    (C(block_m=64, block_n=128, split="n", num_stages=6, tiles="groups", lhs_boxes="exact"),
     "nk", None),
    (C(block_m=128, block_n=128, split="m", num_stages=4, tiles="groups", stream_k=True), "kn",
     None),
    (C(block_m=64, block_n=128, split="n", num_stages=6, tiles="groups", segment_stores="rows"),
     "kn", None),
], ids=["128x256_kn", "128x256_nk_swiglu", "64x128_groups_exact_nk", "128x128_stream_k",
        "64x128_groups_row_stores"])
def test_partial_k_steps_lower_without_a_copy(layout, config, rhs_layout, activation):
  """K = 1000 (15.6 steps of 64), lowered for the GPU (the CUDA export on CPU; CI's jax 0.10
  lowers with lane semantics, the H200's jax 0.11 with warpgroup semantics, which
  benchmarks/results/logs/session66/jax011_lowering.sh runs on CPU too): Mosaic GPU tiles
  a tiled load's whole global array, so the lhs (and K-major rhs) loads go through the untiled
  view of their ring (`_mgpu.operand_ring`), reading past K (TMA fills zeros), with no padded
  copy of either operand. Before, K % 64 != 0 failed to lower (Mosaic's tiling raised). The
  results are checked on the GPU (tests/gpu: test_grouped_gemm_pallas_partial_k_steps)."""
  S = jax.ShapeDtypeStruct
  m, k, n, g = 512, 1000, 512, 4
  lhs = S((m, k) if layout == "contiguous" else (g, m // g, k), jnp.bfloat16)
  rhs = S((g, n, k) if rhs_layout == "nk" else (g, k, n), jnp.bfloat16)
  counts = S((g,), jnp.int32)
  kw = dict(config=config, num_sms=132, rhs_layout=rhs_layout, activation=activation)
  f = ((lambda x, w, c: grouped_gemm_pallas(x, w, c, **kw)) if layout == "contiguous" else
       (lambda x, w, c: grouped_gemm_pallas(x, w, masked_m=c, **kw)))
  with jax.sharding.use_abstract_mesh(H200_MESH):
    mlir = jax.export.export(jax.jit(f), platforms=["cuda"])(lhs, rhs, counts).mlir_module()
  assert "mosaic_gpu" in mlir
  assert not operand_copies(mlir)


def test_rows_not_a_multiple_of_8_take_16_bit_row_store_group_tiles_only():
  """A flat lhs of rows not a multiple of 8 (M, or G x M_max): only 16-bit group tiles with row
  stores copy it through untiled views; every other config refuses it by name at trace time
  (before session 79 Mosaic's lowering raised its own ValueError on the GPU), not in the
  interpreter, which pads every operand to whole tiles."""
  kw = dict(k=512, n=1024, out_dtype="bfloat16", activation=None)
  rows = C(block_n=128, tiles="groups", segment_stores="rows")
  for config, dtype, ok in ((rows, "bfloat16", True), (C(), "bfloat16", False),
                            (C(block_n=128, tiles="groups"), "bfloat16", False),
                            (C(block_n=128, block_k=128, tiles="groups", segment_stores="rows"),
                             "float8_e4m3fn", False)):
    for n_rows in (415, 412, 416, None):
      reason = unsupported_reason(config, dtype=dtype, rows=n_rows, **kw)
      assert (reason is None) == (ok or n_rows in (416, None)), (config, n_rows, reason)
  assert "415 lhs rows" in unsupported_reason(C(), dtype="bfloat16", rows=415, **kw)
  lhs, rhs = jnp.ones((415, 64), jnp.bfloat16), jnp.ones((2, 64, 128), jnp.bfloat16)
  sizes = jnp.array([200, 215], jnp.int32)
  with pytest.raises(NotImplementedError, match="415 lhs rows .* multiple of 8"):
    grouped_gemm_pallas(lhs, rhs, sizes, config=C(block_n=128), num_sms=132)
  with pytest.raises(NotImplementedError, match="412 lhs rows"):    # masked: G x M_max
    grouped_gemm_pallas(jnp.ones((4, 103, 64), jnp.bfloat16), jnp.ones((4, 64, 128),
                        jnp.bfloat16), masked_m=jnp.array([1, 2, 3, 4], jnp.int32),
                        config=C(block_n=128), num_sms=132)


def test_unsupported_inputs_and_configs():
  assert "float32" in unsupported_reason(C(), k=64, n=64, dtype="float32", out_dtype="float32",
                                         activation=None)
  assert unsupported_reason(C(), k=64, n=128, dtype="bfloat16", out_dtype="bfloat16",
                            activation="swiglu") is None
  assert "N/2 must be a multiple of 64" in unsupported_reason(C(), k=64, n=64, dtype="bfloat16",
                                                              out_dtype="bfloat16",
                                                              activation="swiglu")
  assert "rhs_layout='nk'" in unsupported_reason(C(), k=64, n=200, dtype="bfloat16",
                                                 out_dtype="bfloat16", activation=None)
  rows = C(block_m=64, block_n=256, split="n", tiles="groups", segment_stores="rows")
  for n, act in ((200, None), (400, "swiglu")):   # row stores: whole 64 output columns only
    assert "segment_stores='rows'" in unsupported_reason(
        rows, k=64, n=n, dtype="bfloat16", out_dtype="bfloat16", activation=act, k_major=True)
  assert unsupported_reason(rows, k=64, n=384, dtype="bfloat16", out_dtype="bfloat16",
                            activation="swiglu", k_major=True) is None
  for n, act in ((200, None), (400, "swiglu"), (16, None)):   # K-major: any N of whole 8s
    assert unsupported_reason(C(), k=64, n=n, dtype="bfloat16", out_dtype="bfloat16",
                              activation=act, k_major=True) is None
  assert "multiples of 8" in unsupported_reason(C(), k=64, n=204, dtype="bfloat16",
                                                out_dtype="bfloat16", activation=None,
                                                k_major=True)
  assert "gate and up" in unsupported_reason(C(block_m=64, block_n=128, split="n"), k=64, n=128,
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
  with pytest.raises(ValueError, match="stream_k=True needs tiles='groups'"):
    C(stream_k=True)
  assert unsupported_reason(C(block_n=128, block_k=128, tiles="groups", stream_k=True), k=256,
                            n=256, dtype="float8_e4m3fn", out_dtype="bfloat16",
                            activation=None) is None
  assert tail_split(C(block_m=128, block_n=256, tiles="groups", stream_k=True),
                    activation=None, fp8=False) == 1
  with pytest.raises(ValueError, match="sk_partials='lanes' needs stream_k=True"):
    C(tiles="groups", sk_partials="lanes")
  with pytest.raises(ValueError, match="sk_partials='lanes' needs 64-row consumers"):
    C(block_m=128, split="n", tiles="groups", stream_k=True, sk_partials="lanes")
  with pytest.raises(ValueError, match="lhs_boxes must be 'one' or 'exact'"):
    C(lhs_boxes="binary")
  with pytest.raises(ValueError, match="segment_stores must be 'swizzled' or 'rows'"):
    C(tiles="groups", segment_stores="direct")
  with pytest.raises(ValueError, match="segment_stores='rows' needs tiles='groups'"):
    C(segment_stores="rows")
  with pytest.raises(ValueError, match="sk_partials must be"):
    C(tiles="groups", stream_k=True, sk_partials="rows")
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


def test_public_op_runs_the_fp8_kernel_under_interpret_policy(rng):
  import jaxkern
  sizes = np.array([50, 0, 70], np.int32)
  lq, ls = quantize_lhs_fp8(rng.standard_normal((128, 256)))
  rq, rs = quantize_rhs_fp8(rng.standard_normal((3, 256, 128)))
  with jax.sharding.use_abstract_mesh(H200_MESH), jaxkern.policy(interpret=True):
    [choice] = jaxkern.explain(jaxkern.grouped_gemm, lq, rq, jnp.asarray(sizes), lhs_scale=ls,
                               rhs_scale=rs)
    out = jaxkern.grouped_gemm(lq, rq, jnp.asarray(sizes), lhs_scale=ls, rhs_scale=rs)
  assert choice.impl == "pallas" and choice.config.block_k == 128 and "fp8" in choice.reason
  assert out.dtype == jnp.bfloat16
  _close(out, grouped_gemm_numpy(dequant_lhs(lq, ls), dequant_rhs(rq, rs), sizes))


def test_empty_problems_return_zeros_without_a_kernel():
  rhs = jnp.ones((2, 64, 64), jnp.bfloat16)
  out = grouped_gemm_pallas(jnp.zeros((0, 64), jnp.bfloat16), rhs, jnp.zeros((2,), jnp.int32))
  assert out.shape == (0, 64) and out.dtype == jnp.bfloat16
  out = grouped_gemm_pallas(jnp.zeros((2, 0, 64), jnp.bfloat16), rhs,
                            masked_m=jnp.zeros((2,), jnp.int32))
  assert out.shape == (2, 0, 64)
