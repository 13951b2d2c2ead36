"""The Mosaic GPU extend-attention kernel in Mosaic GPU interpret mode on CPU (race detection on,
under an abstract H200 mesh), against the float64 numpy oracle. Tiny shapes: the interpreter runs
every thread of every block in Python. The same kernel runs at real sizes in tests/gpu."""

from __future__ import annotations

from types import SimpleNamespace

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jaxkern
from jaxkern.checks import worst_row_err
from pallas_kernels.extend_attention import extend_attention_xla
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
from pallas_kernels.extend_attention.plan import needs_repaging
from pallas_kernels.extend_attention.schedule import step_block
from pallas_kernels.extend_attention.support import smem_bytes, unsupported_reason
from tests._testing import H200_MESH, extend_attention_numpy, make_extend_inputs, rel_err

C = ExtendAttentionPallasConfig
GARBAGE = 300.0   # finite junk in slots the kernel reads and masks (its documented contract)


def _check(rng, seqs, *, hq, hkv, page_size, config, head_dim=64, **kw):
  inp = make_extend_inputs(rng, seqs, num_q_heads=hq, num_kv_heads=hkv, head_dim=head_dim,
                           page_size=page_size, read_garbage=GARBAGE)
  args = inp.args(jnp.bfloat16)
  with jax.sharding.use_abstract_mesh(H200_MESH):
    out = extend_attention_pallas(*args, config=config, interpret=True,
                                  max_extend_len=max(e for _, e in seqs), **kw)
  ref = extend_attention_numpy(inp, dtype=jnp.bfloat16, **kw)
  out = np.asarray(out.astype(jnp.float32))
  assert not np.isnan(out).any()
  assert np.all(out[int(inp.qo_indptr[-1]):] == 0), "padded rows must be zeros"
  err = rel_err(out, ref)
  assert err < 1e-2, err
  row_err = worst_row_err(out, ref)     # one key too many or too few for one row shows here
  assert row_err < 3e-2, row_err


def test_global_tiles_cross_sequences_window_gqa2(rng):
  # 2 consumer warpgroups; tiles span the end of one sequence and the start of the next, one
  # sequence is empty, a sliding window starts inside the cached prefix; 3-deep K/V ring.
  _check(rng, [(16, 70), (0, 0), (20, 45)], hq=4, hkv=2, page_size=16, sliding_window=24,
         config=C(tiles="global", consumers=2, num_stages=3))


def test_global_tiles_fully_visible_blocks_gqa8(rng):
  # Long enough that many key blocks are visible to every row of a warpgroup (the kernel skips
  # their mask), next to partly visible ones; GQA 8 packs 8 tokens per head per warpgroup.
  _check(rng, [(70, 90), (130, 40)], hq=8, hkv=1, page_size=16,
         config=C(tiles="global", consumers=2, num_stages=2))


def test_sequence_tiles_split_softcap_gqa4_decode_rows(rng):
  # Flash-decoding split over per-sequence tiles, decode (1 token) and verify (3 tokens) rows.
  _check(rng, [(90, 3), (130, 1), (5, 2)], hq=4, hkv=1, page_size=16, logit_cap=5.0,
         config=C(tiles="sequence", consumers=1, num_splits=2))


def test_step_order_of_a_segment():
  # Per-sequence tiles run a segment's extend blocks first (their loads need no page-table
  # entry), global tiles its prefix blocks first; either way every block once.
  seg = dict(pb0=jnp.int32(3), n_prefix=jnp.int32(4), eb0=jnp.int32(7), n_ext=jnp.int32(2))
  steps = lambda first: [tuple(int(x) for x in step_block(seg, jnp.int32(i),
                                                          SimpleNamespace(ext_first=first)))
                         for i in range(6)]
  prefix = [(1, 3), (1, 4), (1, 5), (1, 6)]
  assert steps(True) == [(0, 7), (0, 8)] + prefix
  assert steps(False) == prefix + [(0, 7), (0, 8)]


def test_page_size_1_is_repaged_mha(rng):
  assert needs_repaging(1, 64) and not needs_repaging(16, 64) and not needs_repaging(128, 64)
  _check(rng, [(37, 6), (3, 11)], hq=2, hkv=2, page_size=1, sm_scale=0.3,
         config=C(tiles="global", consumers=1))


def test_public_op_routes_to_the_kernel_under_interpret_policy(rng):
  inp = make_extend_inputs(rng, [(24, 4), (40, 4)], num_q_heads=4, num_kv_heads=2, head_dim=64,
                           page_size=16, read_garbage=GARBAGE)
  args = inp.args(jnp.bfloat16)
  with jax.sharding.use_abstract_mesh(H200_MESH), jaxkern.policy(interpret=True):
    choices = jaxkern.explain(jaxkern.extend_attention, *args, max_extend_len=4)
    out = jaxkern.extend_attention(*args, max_extend_len=4, impl="pallas")
  [choice] = choices
  assert choice.impl == "pallas" and choice.interpret and choice.problem.regime == "verify"
  assert rel_err(out, extend_attention_numpy(inp, dtype=jnp.bfloat16)) < 1e-2


def test_unsupported_inputs_raise_not_implemented(rng):
  assert "head_dim 512" in unsupported_reason(C(), head_dim=512, dtype="bfloat16",
                                               num_q_heads=8, num_kv_heads=4)
  assert "float32" in unsupported_reason(C(), head_dim=128, dtype="float32", num_q_heads=8,
                                         num_kv_heads=4)
  assert "GQA group 3" in unsupported_reason(C(consumers=1), head_dim=64, dtype="bfloat16",
                                             num_q_heads=3, num_kv_heads=1)
  assert smem_bytes(C(consumers=2, block_kv=64, num_stages=2), 256) < 227 * 1024
  inp = make_extend_inputs(rng, [(8, 2)], num_q_heads=2, num_kv_heads=1, head_dim=512,
                           page_size=16)
  with pytest.raises(NotImplementedError, match="head_dim 512"):
    jaxkern.extend_attention(*inp.args(jnp.bfloat16), impl="pallas")
  with pytest.raises(ValueError, match="tiles"):
    C(tiles="rows")
  with pytest.raises(ValueError, match="num_splits"):
    C(tiles="global", num_splits=2)
  with pytest.raises(ValueError, match="persistent_ctas"):
    C(tiles="sequence", persistent_ctas=4)
  with pytest.raises(ValueError, match="persistent_ctas"):
    C(persistent_ctas=-1)
  for waves in (0, True, 2.0):
    with pytest.raises(ValueError, match="deal_waves"):
      C(persistent_ctas=4, deal_waves=waves)
  # records name configs by repr: deal_waves shows only where it is set
  assert "deal_waves" not in repr(C(persistent_ctas=4))
  assert repr(C(persistent_ctas=4, deal_waves=3)).endswith("persistent_ctas=4, deal_waves=3)")


@pytest.mark.parametrize("head_dim,config", [
    (256, C(tiles="sequence", consumers=1, block_kv=64, num_stages=3, num_splits=2)),
    (256, C(tiles="sequence", consumers=1, block_kv=64, num_stages=2, num_splits=2)),
    (256, C(tiles="sequence", consumers=1, block_kv=64, num_stages=3)),
    (256, C(tiles="global", consumers=2, block_kv=64, num_stages=2, persistent_ctas=4)),
    (256, C(tiles="global", consumers=2, block_kv=64, num_stages=2)),
    (128, C(tiles="sequence", consumers=1, block_kv=128, num_stages=3, num_splits=4)),
], ids=["hd256_s3_x2", "hd256_s2_x2", "hd256_s3", "hd256_persistent", "hd256_global",
        "hd128_s3_x4"])
def test_smem_estimate_admits_only_configs_that_compile(head_dim, config):
  # The rule offers a config only if support.smem_bytes fits it; Mosaic GPU's own count (each
  # scoped buffer from a 1 KB boundary, reduction scratch, barriers) must agree. The CUDA export
  # on CPU runs that count (against the 227 KB of an H200). The first case fit a plain sum of the
  # buffers and failed to compile on the H200 (session 37, run253).
  reason = unsupported_reason(config, head_dim=head_dim, dtype="bfloat16", num_q_heads=8,
                              num_kv_heads=4)
  seqs, pages = 4, 4
  S = jax.ShapeDtypeStruct
  cache = S((seqs * pages, 16, 4, head_dim), jnp.bfloat16)
  args = (S((seqs * 4, 8, head_dim), jnp.bfloat16), S((seqs * 4, 4, head_dim), jnp.bfloat16),
          S((seqs * 4, 4, head_dim), jnp.bfloat16), cache, cache, S((seqs, pages), jnp.int32),
          S((seqs,), jnp.int32), S((seqs + 1,), jnp.int32))
  f = jax.jit(lambda *a: extend_attention_pallas(*a, config=config, max_extend_len=4))
  with jax.sharding.use_abstract_mesh(H200_MESH):
    if reason is None:
      jax.export.export(f, platforms=["cuda"])(*args)      # raises if it does not fit
    else:
      assert "shared memory" in reason
      with pytest.raises(NotImplementedError, match="shared memory"):
        jax.export.export(f, platforms=["cuda"])(*args)


@pytest.mark.parametrize("plan", ["split", "one"])
def test_mixed_batch_plans_run_the_kernel(rng, plan):
  # Two decode rows (1 and 3 tokens over cached prefixes) before a 40-token prefill: "split" runs
  # a per-sequence-tile call and a global-tile call and merges them, "one" a single launch.
  inp = make_extend_inputs(rng, [(40, 1), (70, 3), (0, 40)], num_q_heads=4, num_kv_heads=2,
                           head_dim=64, page_size=16, read_garbage=GARBAGE)
  args = inp.args(jnp.bfloat16)
  fn = lambda *a: jaxkern.extend_attention(*a, mixed=jaxkern.MixedBatch(2, 3))
  with jax.sharding.use_abstract_mesh(H200_MESH), jaxkern.policy(
      interpret=True, extend_attention_mixed=plan):
    choices = jaxkern.explain(fn, *args)
    out = fn(*args)
  assert [c.impl for c in choices] == [plan] + ["pallas"] * (2 if plan == "split" else 1)
  tiles = [c.config.tiles for c in choices[1:]]
  assert tiles == (["global", "sequence"] if plan == "split" else ["sequence"])
  want = extend_attention_numpy(inp, dtype=jnp.bfloat16)
  assert rel_err(out, want) < 1e-2 and worst_row_err(out, want) < 3e-2


def test_sequence_tiles_write_exact_rows_gqa8(rng):
  # Unsplit per-sequence tiles write their rows straight into the result: decode and verify rows
  # at unaligned token offsets (a sequence's first tile starts at the 8-aligned row before it, GQA
  # 8 leaves 8 tokens per warpgroup so a 5-token row spans two tiles), an empty sequence, padding.
  _check(rng, [(40, 5), (0, 0), (17, 1), (70, 3)], hq=8, hkv=1, page_size=16,
         config=C(tiles="sequence", consumers=1, num_stages=2))


def test_sequence_tiles_zero_rows_no_sequence_computes(rng):
  # max_extend_len below a sequence's real extent: the rows past it are computed by no tile and
  # must be zeros, as on the XLA path (as are the padding rows after the last sequence).
  inp = make_extend_inputs(rng, [(20, 3), (9, 12), (33, 2)], num_q_heads=4, num_kv_heads=2,
                           head_dim=64, page_size=16, pad_tokens=13, read_garbage=GARBAGE)
  args = inp.args(jnp.bfloat16)
  with jax.sharding.use_abstract_mesh(H200_MESH):
    out = extend_attention_pallas(*args, config=C(tiles="sequence", consumers=1),
                                  interpret=True, max_extend_len=4)
  want = extend_attention_xla(*args, max_extend_len=4)
  out, want = (np.asarray(x.astype(jnp.float32)) for x in (out, want))
  assert np.all(out[3 + 4:3 + 12] == 0) and np.all(out[int(inp.qo_indptr[-1]):] == 0)
  assert rel_err(out, want) < 1e-2 and worst_row_err(out, want) < 3e-2


def test_page_size_1_with_window_repages_only_the_window(rng):
  # Token-slot cache (SGLang's layout) and a window much shorter than the prefixes: only the
  # blocks inside each sequence's window are gathered (2 of 4 here), the rest never visited.
  from pallas_kernels.extend_attention.plan import repaged
  seqs = [(200, 3), (150, 1), (5, 2)]
  inp = make_extend_inputs(rng, seqs, num_q_heads=4, num_kv_heads=2, head_dim=64, page_size=1)
  kc, _, table = repaged(*(jnp.asarray(x) for x in (inp.k_cache, inp.v_cache, inp.page_table,
                                                    inp.prefix_lens)), 64, 20)
  assert kc.shape[0] == 3 * 2 and table.shape == (3, 4)
  _check(rng, seqs, hq=4, hkv=2, page_size=1, sliding_window=20,
         config=C(tiles="sequence", consumers=1))


@pytest.mark.parametrize("head_dim,order", [(64, "cost"), (256, "cost"), (64, "position")])
def test_global_tiles_in_cost_order_window_gqa2(rng, head_dim, order):
  # CTAs take tiles by key steps, heaviest first (KV heads innermost), ranked in XLA or
  # estimated statically: tiles span sequences, one is empty, a window starts inside the cached
  # prefix.
  _check(rng, [(16, 70), (0, 0), (20, 45), (90, 9)], hq=4, hkv=2, page_size=16,
         sliding_window=24, head_dim=head_dim,
         config=C(tiles="global", consumers=2, num_stages=2, tile_order=order))


def test_position_tile_order_is_the_cost_order_of_equal_chunks():
  # Back-to-back sequences of the static length: the static estimate ranks tiles as the XLA
  # ranking of their key steps does (exactly where one tile is one key block); for any batch
  # it is a permutation.
  from pallas_kernels.extend_attention import plan
  from pallas_kernels.extend_attention.reference import sequence_bounds
  for num_seqs, ext, tt in ((8, 512, 64), (4, 1000, 64), (3, 96, 16), (32, 512, 64), (5, 300, 64)):
    num_tokens = num_seqs * ext
    num_tiles = -(-num_tokens // tt)
    order = plan.position_tile_order(num_tiles=num_tiles, tile_tokens=tt, seq_tokens=ext)
    assert sorted(order.tolist()) == list(range(num_tiles))
    indptr = jnp.arange(num_seqs + 1, dtype=jnp.int32) * ext
    bounds = sequence_bounds(indptr, jnp.zeros((num_seqs,), jnp.int32), num_tokens=num_tokens,
                             max_extend_len=ext, max_prefix=16)
    n = jnp.arange(num_tiles, dtype=jnp.int32)[:, None]
    seg = plan.segment_steps(*(x[None] for x in bounds), n * tt, tile_tokens=tt, block_kv=64,
                             window=None)
    steps = np.asarray((seg["n_prefix"] + seg["n_ext"]).sum(axis=1))
    # Heaviest first; a tile straddling two sequences is estimated from positions, not blocks
    # (off by at most one key step there).
    assert np.all(np.diff(steps[order]) <= (0 if ext % tt == 0 else 1)), steps[order]
    if ext % 64 == 0 and tt == 64:     # one tile per key block: the very same order
      ranked = plan.global_tile_order(bounds, num_tiles=num_tiles, tile_tokens=tt,
                                      block_kv=64, window=None)
      np.testing.assert_array_equal(order, np.asarray(ranked))


def test_global_tile_order_sorts_tiles_by_key_steps():
  from pallas_kernels.extend_attention import plan
  from pallas_kernels.extend_attention.reference import sequence_bounds
  lens, prefix, tt, bk = [100, 3, 0, 250, 40], [0, 500, 7, 64, 1000], 32, 64
  indptr = jnp.asarray(np.concatenate([[0], np.cumsum(lens)]), jnp.int32)
  prefix = jnp.asarray(prefix, jnp.int32)
  num_tokens = int(indptr[-1]) + 5
  num_tiles = -(-num_tokens // tt)
  for window in (None, 100):
    bounds = sequence_bounds(indptr, prefix, num_tokens=num_tokens, max_extend_len=250,
                             max_prefix=1024)
    order = np.asarray(plan.global_tile_order(bounds, num_tiles=num_tiles, tile_tokens=tt,
                                              block_kv=bk, window=window))
    assert sorted(order.tolist()) == list(range(num_tiles))
    # Brute force: key blocks each tile's rows see, per sequence (a block of 64 keys of the
    # prefix, or of the 8-aligned extend rows), counted over all sequences of the tile.
    steps = []
    for n in range(num_tiles):
      total = 0
      for b, e in enumerate(lens):
        s0, p = int(indptr[b]), int(prefix[b])
        rows = [t for t in range(n * tt, (n + 1) * tt) if s0 <= t < s0 + e]
        if not rows:
          continue
        q_lo, q_hi = p + rows[0] - s0, p + rows[-1] - s0
        k_lo = 0 if window is None else max(q_lo - window + 1, 0)
        pre = {k // bk for k in range(k_lo, min(q_hi + 1, p))}
        ext = {(s0 + k - p - s0 // 8 * 8) // bk for k in range(max(k_lo, p), q_hi + 1)}
        total += len(pre) + len(ext)
      steps.append(total)
    got = [steps[n] for n in order]
    assert got == sorted(steps, reverse=True), (window, got)
    ties = [(steps[n], n) for n in order]
    assert ties == sorted(ties, key=lambda x: (-x[0], x[1]))


@pytest.mark.parametrize("size", [1, 7, 300, 5000])   # 5000: past the compare-all limit (a sort)
def test_order_descending_is_a_stable_descending_argsort(rng, size):
  from pallas_kernels._index import order_descending
  values = rng.integers(0, 9, size=size).astype(np.int32)
  got = np.asarray(order_descending(jnp.asarray(values)))
  assert got.dtype == np.int32
  np.testing.assert_array_equal(got, np.argsort(-values, kind="stable"))


# config.overlap: P·V of each block is issued one step late, beside the next Q·Kᵀ. Global tiles
# across sequences (one empty) with a window; per-sequence split tiles, where a split of a short
# sequence has no key step at all (its P·V tail must not run).
_OVERLAP_CASES = {
    "global": ([(16, 70), (0, 0), (20, 45)], dict(hq=4, hkv=2, sliding_window=24),
               C(tiles="global", consumers=2, num_stages=2, overlap=True)),
    "sequence": ([(200, 3), (0, 1), (5, 2)], dict(hq=4, hkv=1, logit_cap=5.0),
                 C(tiles="sequence", consumers=1, num_splits=3, overlap=True)),
}


@pytest.mark.parametrize("case", list(_OVERLAP_CASES))
def test_overlapped_softmax_matches_the_oracle(rng, case):
  seqs, kw, config = _OVERLAP_CASES[case]
  _check(rng, seqs, page_size=16, config=config, **kw)


@pytest.mark.parametrize("ctas,overlap,order,head_dim", [(2, False, "index", 64),
                                                          (3, True, "cost", 128)])
def test_persistent_global_tiles(rng, ctas, overlap, order, head_dim):
  # A few persistent CTAs run every (tile, KV head) item in turn, the K/V ring and the query
  # buffer running on from one item to the next (the next queries loading while the output
  # leaves through the chunk buffers, one or two chunks per row): tiles across sequences, an
  # empty sequence, a window inside the prefix, 2 and 3 items per CTA (plus a remainder), both
  # step loops.
  _check(rng, [(16, 70), (0, 0), (20, 45)], hq=4, hkv=2, page_size=16, sliding_window=24,
         head_dim=head_dim,
         config=C(tiles="global", consumers=2, num_stages=3, overlap=overlap, tile_order=order,
                  persistent_ctas=ctas))


@pytest.mark.parametrize("waves", [1, 2])
def test_persistent_deal_tails(rng, waves):
  # Two sequences of 100 tokens over one page of prefix (costs exact, so plan.deal_waves takes
  # the config's deal_waves): 8 items on 3 CTAs, which a tail of one wave and one of two deal
  # differently.
  from pallas_kernels.extend_attention import plan
  steps = plan.launch_steps(tile_order="index", num_tiles=4, num_kv_heads=2, tile_tokens=64,
                            seq_tokens=100, block_kv=64, prefix_steps=1)
  costs = plan.item_costs(steps, block_kv=64, head_dim=64, consumers=2, persistent=True,
                          exact=True)
  assert (plan.persistent_deal(costs, 3, waves=1).tolist()
          != plan.persistent_deal(costs, 3, waves=2).tolist())
  _check(rng, [(16, 100), (9, 100)], hq=4, hkv=2, page_size=16, head_dim=64,
         config=C(tiles="global", consumers=2, persistent_ctas=3, deal_waves=waves))


@pytest.mark.parametrize("limit", [None, 0])     # 0: the two-array fallback of large batches
def test_global_tile_meta_is_the_tile_search_then_the_bounds(rng, monkeypatch, limit):
  from pallas_kernels import _index
  from pallas_kernels.extend_attention import plan
  from pallas_kernels.extend_attention.reference import sequence_bounds
  if limit is not None:
    monkeypatch.setattr(_index, "COMPARE_ALL_LIMIT", limit)
  ext = np.array([70, 0, 45, 300, 1, 0, 9])                # empty sequences, one past max_ext
  qo_indptr = jnp.asarray(np.concatenate([[0], np.cumsum(ext)]), jnp.int32)
  prefix_lens = jnp.asarray(rng.integers(0, 200, ext.size), jnp.int32)
  kw = dict(num_tokens=440, max_extend_len=256, max_prefix=160)   # T past qo_indptr[-1] = 425
  meta = plan.global_tile_meta(qo_indptr, prefix_lens, tile_tokens=64, num_tiles=7, **kw)
  want = np.concatenate([
      np.asarray(plan.global_tile_sequences(qo_indptr, num_tokens=440, tile_tokens=64,
                                            num_tiles=7)),
      np.stack([np.asarray(x) for x in sequence_bounds(qo_indptr, prefix_lens, **kw)],
               1).reshape(-1)])
  np.testing.assert_array_equal(np.asarray(meta), want)
