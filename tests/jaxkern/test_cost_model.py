"""DeviceSpec, Choice, explain, policy (including re-tracing of already-jitted callers), rules and
tuning tables."""

import dataclasses
import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from unittest import mock

import jaxkern
from jaxkern import _compat, tuning
from jaxkern.device import DeviceSpec
from jaxkern.rules import extend_attention as ea_rule
from jaxkern.rules import grouped_gemm as gg_rule
from _testing import cpu_mesh, grouped_gemm_numpy, make_extend_inputs, random_group_sizes, rel_err

S = jax.ShapeDtypeStruct
H200 = DeviceSpec.for_kind("NVIDIA H200")
CPU = DeviceSpec.for_kind("cpu")


def test_device_specs():
  assert H200.is_hopper and H200.has_mosaic_gpu and H200.num_sms == 132
  assert H200.peak_bf16_flops == 790e12 and H200.hbm_bytes_per_s == 4.3e12
  assert not CPU.has_mosaic_gpu and CPU.platform == "cpu"
  unknown = DeviceSpec.for_kind("NVIDIA B200")
  assert unknown.platform == "gpu" and not unknown.has_mosaic_gpu and unknown.peak_bf16_flops == 0
  assert DeviceSpec.current().platform == jax.default_backend().replace("cuda", "gpu")


def test_current_follows_the_abstract_mesh():
  mesh = _compat.make_abstract_mesh((1,), ("x",), device_kind="NVIDIA H200")
  with jax.sharding.use_abstract_mesh(mesh):
    assert DeviceSpec.current() == H200


def _grouped_args(rng, num_groups=4):
  sizes = random_group_sizes(rng, num_groups, 60, empty=1)
  lhs = jnp.asarray(rng.standard_normal((64, 128)), jnp.float32)
  rhs = jnp.asarray(rng.standard_normal((num_groups, 128, 32)), jnp.float32)
  return lhs, rhs, jnp.asarray(sizes)


def test_explain_lists_every_choice_in_trace_order(rng):
  x = make_extend_inputs(rng, [(4, 3), (0, 2)], num_q_heads=2, num_kv_heads=1, head_dim=16,
                         page_size=2)
  lhs, rhs, sizes = _grouped_args(rng)
  mesh = cpu_mesh((4,), ("tp",))

  def step(attn_args, lhs, rhs, sizes, a, b):
    o = jaxkern.extend_attention(*attn_args, sliding_window=2)
    y = jaxkern.grouped_gemm(lhs, rhs, sizes)
    z = jaxkern.gemm_reduce_scatter(a, b, mesh=mesh)
    return o, y, z

  args = (x.args(jnp.float32), lhs, rhs, sizes, S((16, 64), jnp.float32), S((64, 8), jnp.float32))
  choices = jaxkern.explain(step, *args)
  assert [c.op for c in choices] == ["extend_attention", "grouped_gemm", "gemm_reduce_scatter"]
  attn, gemm, rs = choices
  assert attn.impl == "xla" and attn.problem.sliding_window == 2 and attn.problem.regime == "verify"
  assert gemm.source == "formula" and gemm.config.method in ("tiled", "ragged_dot")
  assert rs.impl == "unfused" and rs.problem.tp == 4 and rs.problem.k == 64
  assert all(isinstance(c.reason, str) and c.reason for c in choices)


def test_explain_retraces_a_cached_jit(rng):
  lhs, rhs, sizes = _grouped_args(rng)
  f = jax.jit(lambda *a: jaxkern.grouped_gemm(*a))
  f(lhs, rhs, sizes)  # cached now
  assert [c.op for c in jaxkern.explain(f, lhs, rhs, sizes)] == ["grouped_gemm"]
  assert [c.op for c in jaxkern.explain(f, lhs, rhs, sizes)] == ["grouped_gemm"]


def test_policy_changes_what_an_already_jitted_caller_does(rng):
  lhs, rhs, sizes = _grouped_args(rng, num_groups=6)  # shapes no other test traces
  traces = []

  @jax.jit
  def layer(lhs, rhs, sizes):
    traces.append(1)
    return jaxkern.grouped_gemm(lhs, rhs, sizes)

  want = grouped_gemm_numpy(lhs, rhs, np.asarray(sizes))
  from jaxkern.choice import recording

  with recording() as seen:
    layer(lhs, rhs, sizes)
    layer(lhs, rhs, sizes)
  assert len(traces) == 1 and seen[0].source == "formula"
  forced = jaxkern.GroupedGemmXlaConfig(method="ragged_dot")
  with recording() as seen, jaxkern.policy(grouped_gemm=forced):
    out = layer(lhs, rhs, sizes)
  assert len(traces) == 2, "the policy must force a re-trace of the cached caller"
  assert seen[0].source == "policy" and seen[0].config == forced
  assert rel_err(out, want) < 1e-5
  with recording() as seen:
    layer(lhs, rhs, sizes)  # back outside: the original trace is reused, formula choice again
  assert len(traces) == 2 and not seen


def test_policy_nesting_precedence_and_interpret(rng):
  lhs, rhs, sizes = _grouped_args(rng)
  tiled = jaxkern.GroupedGemmXlaConfig(method="tiled", block_m=16, items_per_step=2)
  explain = lambda **kw: jaxkern.explain(lambda *a: jaxkern.grouped_gemm(*a, **kw), lhs, rhs, sizes)[0]
  with jaxkern.policy(grouped_gemm=tiled, interpret=True):
    c = explain()
    assert (c.source, c.config, c.interpret) == ("policy", tiled, True)
    with jaxkern.policy(grouped_gemm=("xla", dataclasses.replace(tiled, block_m=32))):
      assert explain().config.block_m == 32
      with jaxkern.policy(grouped_gemm=None):
        assert explain().source == "formula"
    assert explain().config == tiled
    arg = jaxkern.GroupedGemmXlaConfig(method="ragged_dot")
    c = explain(config=arg)  # an explicit argument beats the policy
    assert (c.source, c.config) == ("argument", arg)
    # An impl named by the caller keeps the policy's config of that impl (without this, the
    # GEMM + reduce-scatter benchmark's forced fused configs all timed the default one) ...
    c = explain(impl="xla")
    assert (c.impl, c.config, c.source) == ("xla", tiled, "policy")
    # ... and a policy naming only the impl leaves the config to the rule.
    with jaxkern.policy(grouped_gemm="xla"):
      c = explain(impl="xla")
      assert (c.source, c.config.method) == ("argument", explain().config.method)
  assert explain().interpret is False


def test_policy_rejects_bad_overrides():
  with pytest.raises(ValueError, match="unknown op 'attention'"):
    with jaxkern.policy(attention="xla"):
      pass
  with pytest.raises(ValueError, match="unknown impl; extend_attention has"):
    with jaxkern.policy(extend_attention="pallas_triton"):
      pass
  with pytest.raises(ValueError, match="expected an impl name"):
    with jaxkern.policy(grouped_gemm=3):
      pass


@pytest.fixture
def tuning_root(tmp_path, monkeypatch):
  """Point the tuning tables at an empty folder for one test (the committed ones are hidden)."""
  monkeypatch.setattr(tuning, "_ROOT", tmp_path)
  tuning._load.cache_clear()
  tuning.device_kinds.cache_clear()
  yield tmp_path
  tuning._load.cache_clear()
  tuning.device_kinds.cache_clear()


def test_grouped_gemm_formula_on_h200(tuning_root):
  def problem(g, m, k=2816, n=1408):
    return gg_rule.GroupedGemmProblem(layout="contiguous", num_groups=g, m=m, k=k, n=n,
                                      dtype="bfloat16", out_dtype="bfloat16", activation=None)

  one = gg_rule.choose(problem(1, 1024, 7168, 4096), H200)
  assert one.config.method == "ragged_dot" and one.source == "formula"  # nothing expanded
  many = gg_rule.choose(problem(128, 65536), H200)
  assert many.config.method == "tiled"  # ragged_dot would do 128x the FLOPs
  assert many.estimate and many.estimate[0][0] == "floor"
  masked = gg_rule.choose(dataclasses.replace(problem(8, 256), layout="masked"), H200)
  assert masked.config.method == "batched"


def test_grouped_gemm_rows_not_a_multiple_of_8_run_row_stores_or_xla():
  """Mosaic GPU describes a tiled TMA copy's global array as whole 8-row tiles, so a flat lhs of
  4100 rows (Gemma's 128 experts; gpt-oss's top 4 of an odd token count) did not lower on the
  table's configs (Mosaic's own ValueError, session 79). The rule now runs its group tiles (the
  measured row's or, as here, the formula's) with row stores (every copy untiled: any row count)
  and says so, lowering for the H200; where no such variant exists (fp8, row tiles) the XLA
  path."""
  from _testing import H200_MESH
  S = jax.ShapeDtypeStruct
  with jax.sharding.use_abstract_mesh(H200_MESH):
    device = DeviceSpec.current()
    for m in (4096, 4100):
      args = (S((m, 2816), jnp.bfloat16), S((128, 2816, 1408), jnp.bfloat16),
              S((128,), jnp.int32))
      [c] = jaxkern.explain(jaxkern.grouped_gemm, *args)
      assert c.impl == "pallas", c                 # (the formula's group tiles: no table row)
      assert (c.config.segment_stores == "rows") == (m == 4100)
      assert ("with segment_stores='rows', since pallas/m64/n256/s4/n/b8/groups cannot run it: "
              "4100 lhs rows" in c.reason) == (m == 4100), c.reason
      jax.export.export(jax.jit(jaxkern.grouped_gemm), platforms=["cuda"])(*args)
    fp8 = gg_rule.GroupedGemmProblem(layout="contiguous", num_groups=128, m=4100, k=2816,
                                     n=1408, dtype="float8_e4m3fn", out_dtype="bfloat16",
                                     activation=None, rhs_layout="nk")
    c = gg_rule.choose(fp8, device)
    assert c.impl == "xla" and "4100 lhs rows" in c.reason, c
    assert gg_rule.choose(dataclasses.replace(fp8, m=4096), device).impl == "pallas"
    with pytest.raises(NotImplementedError, match="4100 lhs rows"):
      gg_rule.check("pallas", gg_rule.GroupedGemmPallasConfig(), dataclasses.replace(
          fp8, dtype="bfloat16", rhs_layout="kn"), device)


def test_a_measured_group_tile_config_takes_row_stores_for_rows_not_a_multiple_of_8(tuning_root):
  """The table row's own config (swizzled group tiles), where only the row count stops it, runs
  with row stores (and the reason says why); a row-tile row's config has no such variant: the
  XLA path."""
  p = gg_rule.GroupedGemmProblem(layout="contiguous", num_groups=16, m=16384, k=7168, n=4096,
                                 dtype="bfloat16", out_dtype="bfloat16", activation=None)
  groups = {"block_m": 128, "block_n": 256, "num_stages": 4, "band": 8, "tiles": "groups"}
  for config, kernel_at_4100 in ((groups, True), (dict(groups, tiles="rows"), False)):
    tuning.write_rows("NVIDIA H200", gg_rule.PALLAS_TABLE, [
        {"key": p.table_key(), "config": config, "us": 1300.0, "xla_us": 5000.0,
         "shape": "DS_prefill_G16_M16384_gu", "why": "test", "date": "2026-11-30"}])
    tuning._load.cache_clear()
    c = gg_rule.choose(p, H200)
    assert (c.impl, c.source, c.config.segment_stores) == ("pallas", "table", "swizzled")
    odd = gg_rule.choose(dataclasses.replace(p, m=16388), H200)
    if kernel_at_4100:
      assert (odd.impl, odd.source, odd.config) == ("pallas", "table", dataclasses.replace(
          c.config, segment_stores="rows"))
      assert "since pallas/m128/n256/s4/m/b8/groups cannot run it: 16388 lhs rows" in odd.reason
      assert gg_rule.config_for("pallas", dataclasses.replace(p, m=16388), H200) == odd.config
    else:
      assert odd.impl == "xla" and "16388 lhs rows" in odd.reason, odd
  odd = dataclasses.replace(p, m=16388)     # never built: stream-K with row stores
  assert gg_rule._row_stores_variant(odd, gg_rule.GroupedGemmPallasConfig(
      tiles="groups", stream_k=True)) is None
  assert gg_rule._row_stores_variant(odd, gg_rule.GroupedGemmPallasConfig(tiles="groups")) == (
      gg_rule.GroupedGemmPallasConfig(tiles="groups", segment_stores="rows"))


def test_one_contiguous_group_is_offered_group_tiles():
  # Session 63 (logs/session63/run429-430): one group's tiles as group tiles (deferred stores)
  # ran DS_G1_m1024_dn 45.6-45.8 us against 46.7-49.0 on row tiles, so a configs run must time
  # them; several groups had them already, the masked layout has its own.
  def cands(layout, g):
    p = gg_rule.GroupedGemmProblem(layout=layout, num_groups=g, m=1112, k=2048, n=7168,
                                   dtype="bfloat16", out_dtype="bfloat16", activation=None)
    return [c for c in gg_rule.pallas_candidates(p) if c.tiles == "groups" and not c.stream_k]
  one = cands("contiguous", 1)
  assert [(c.block_m, c.block_n, c.split, c.num_stages) for c in one] == [(128, 256, "m", 4)]
  assert len(cands("contiguous", 4)) > 1 and len(cands("masked", 1)) == 1


def test_tuning_table_beats_the_formula(tuning_root):
  p = gg_rule.GroupedGemmProblem(layout="contiguous", num_groups=128, m=65536, k=2816, n=1408,
                                 dtype="bfloat16", out_dtype="bfloat16", activation=None)
  row = {"key": p.table_key(), "config": {"method": "tiled", "block_m": 64, "items_per_step": 3},
         "us": {"tiled/64": 100.0, "ragged_dot": 900.0}, "why": "fastest of 2", "date": "2026-11-21"}
  path = tuning.write_rows("NVIDIA H200", "grouped_gemm", [row])
  assert path == tuning_root / "nvidia_h200" / "grouped_gemm.json"
  assert json.loads(path.read_text())["rows"][0]["key"]["G"] == 128
  c = gg_rule.choose(p, H200)
  assert c.source == "table" and c.config.block_m == 64
  # Bucketing: 100 groups and 50000 rows land in the same row (M to the nearest power of two).
  close = dataclasses.replace(p, num_groups=100, m=50000)
  assert gg_rule.choose(close, H200).source == "table"
  assert gg_rule.choose(close, CPU).source == "formula"  # other device kind, no table


def test_tuning_bucket():
  assert [tuning.bucket(n) for n in (0, 1, 2, 3, 1000, 1024, 1025)] == [1, 1, 2, 4, 1024, 1024, 2048]
  # nearest on a log scale: [2^k / sqrt(2), 2^k * sqrt(2)) -> 2^k
  assert ([tuning.bucket_nearest(n) for n in (0, 1, 2, 3, 5, 6, 724, 725, 1024, 1056, 1448, 1449)]
          == [1, 1, 2, 4, 4, 8, 512, 1024, 1024, 1024, 1024, 2048])


def test_extend_attention_rule():
  base = ea_rule.ExtendAttentionProblem(
      num_tokens=128, num_seqs=32, num_q_heads=8, num_kv_heads=4, head_dim=256, dtype="bfloat16",
      page_size=16, max_pages=512, max_extend_len=4, sliding_window=1024, logit_cap=False)
  assert base.regime == "verify" and base.visible_prefix == 1024 - 1 + 16
  assert dataclasses.replace(base, max_extend_len=1).regime == "decode"
  assert dataclasses.replace(base, max_extend_len=8192, max_pages=0).regime == "prefill"
  assert dataclasses.replace(base, max_extend_len=512).regime == "chunked_prefill"
  xla = ea_rule.config_for("xla", base, H200)
  assert (xla.block_q, xla.block_kv) == (4, 2048)
  # A mixed batch: one 8k prefill and 64 single-token rows pads 64 rows, not 65 x 8192.
  mixed = dataclasses.replace(base, num_tokens=8192 + 64, num_seqs=65, max_extend_len=8192)
  assert ea_rule.xla_query_rows(mixed, 64) == (129 + 65) * 64
  big_p = dataclasses.replace(mixed, num_tokens=16 * 8192, num_seqs=16)
  big = ea_rule.config_for("xla", big_p, H200)
  assert big.block_q == 64 and big.block_kv < xla.block_kv
  assert ea_rule.xla_query_rows(big_p, 64) * 8 * big.block_kv * 4 <= ea_rule.SCORE_SCRATCH_BYTES
  # On the H200 the measured table picks the kernel (verify: per-sequence tiles); CPU: XLA only.
  chosen = ea_rule.choose(base, H200)
  assert (chosen.impl, chosen.source, chosen.config.tiles) == ("pallas", "table", "sequence")
  assert dict(chosen.estimate)["xla"] > 0 and "pallas" in dict(chosen.estimate)
  cpu = ea_rule.choose(base, CPU)
  assert (cpu.impl, cpu.estimate) == ("xla", ())
  # An untuned shape on the H200 takes the formula; head_dim 512 falls back to XLA with a reason.
  odd = dataclasses.replace(base, num_seqs=3, num_tokens=3 * 700, max_extend_len=700)
  formula = ea_rule.choose(odd, H200)
  assert (formula.impl, formula.source, formula.config.tiles) == ("pallas", "formula", "global")
  wide = ea_rule.choose(dataclasses.replace(base, head_dim=512), H200)
  assert wide.impl == "xla" and "head_dim 512" in wide.reason
  for cfg in ea_rule.candidates(base, H200) + ea_rule.candidates(odd, H200):
    assert ea_rule.unsupported(base, cfg) is None


def test_gemm_reduce_scatter_estimate_on_h200():
  from jaxkern.rules import gemm_reduce_scatter as rs_rule

  p = rs_rule.GemmReduceScatterProblem(m=8192, n=8192, k=29568, dtype="bfloat16", tp=4)
  model = rs_rule.model_us(p, H200)
  assert 1200 < model["unfused"] < 2500  # GEMM 1.26 ms + 100 MB over NVLink
  assert model["fused"] < model["unfused"]   # the pushes hide under the GEMM
  assert {name for name, _ in rs_rule.choose(p, H200).estimate} == {"unfused", "fused"}


def test_committed_h200_table_drives_the_rule():
  """The tables measured on the H200 are what the rule uses there: the kernel where it beat the
  XLA path in the same run (grouped_gemm_pallas.json), else the fastest XLA variant
  (grouped_gemm.json): one expert of gate/up -> lax.ragged_dot, 128 experts -> the kernel; the
  masked DS_G4 gate/up, where cuBLAS batched won, stays on XLA."""
  from jaxkern.shapes import GROUPED_GEMM_SHAPES

  by_name = {s.name: s for s in GROUPED_GEMM_SHAPES}
  def problem(name, layout="contiguous"):
    return _shape_problem(by_name[name], layout)
  one = gg_rule.choose(problem("DS_G1_m1024_gu"), H200)
  assert (one.impl, one.source, one.config.method) == ("xla", "table", "ragged_dot")
  many = gg_rule.choose(problem("Gm_prefill_gu"), H200)
  assert (many.impl, many.source) == ("pallas", "table")
  measured = dict(many.estimate)
  assert measured["pallas"] < measured["xla"]
  # Forced onto XLA, the same shape gets the XLA table's fastest variant.
  assert gg_rule.config_for("xla", problem("Gm_prefill_gu"), H200).method == "tiled"
  # Masked DS_G4 / DS_G1 gate/up: stream-K group tiles, the partials thread-interleaved (DS_G1:
  # session 31, run208, 110.9 vs 114.5 us in the tile's layout, the XLA path 119.7; DS_G4:
  # session 36, run244, 111.7 vs 136.3, the XLA path 124.2, where run208 had the tile's layout
  # ahead, 113.9 vs 119.1); with the SwiGLU epilogue interleaved on both (run210: DS_G4 114.7 vs
  # 116.8, the XLA path 128.6, which held the row before stream-K).
  g4 = gg_rule.choose(problem("DS_G4_m256_gu", "masked"), H200)
  assert (g4.impl, g4.config.tiles, g4.config.stream_k, g4.config.sk_partials) == (
      "pallas", "groups", True, "lanes")
  g1 = gg_rule.choose(problem("DS_G1_m1024_gu", "masked"), H200)
  assert (g1.impl, g1.config.stream_k, g1.config.sk_partials) == ("pallas", True, "lanes")
  swiglu = gg_rule.choose(dataclasses.replace(problem("DS_G4_m256_gu", "masked"),
                                              activation="swiglu"), H200)
  assert (swiglu.impl, swiglu.config.stream_k, swiglu.config.sk_partials) == (
      "pallas", True, "lanes")
  assert gg_rule.choose(problem("DS_G16_m64_gu", "masked"), H200).impl == "pallas"
  # fp8 has its own measured rows (the kernel beat the fp8 XLA path on all 8), with the fp8
  # kernel's K step and a tile it can promote; K-major weights are rows of their own (each
  # measured with its layout: session 27 put 128 x 192 group tiles first on both, session 46
  # 128 x 128 with 5 stages on the K-major row); an fp8 output of float32 it cannot write
  # stays on XLA.
  fp8 = dataclasses.replace(problem("Gm_prefill_gu"), dtype="float8_e4m3fn")
  c = gg_rule.choose(fp8, H200)
  assert (c.impl, c.source, c.config.block_k, c.config.wg_tile, c.config.tiles) == (
      "pallas", "table", 128, (64, 192), "groups")
  assert "Gm_prefill_gu/fp8)" in c.reason
  c = gg_rule.choose(dataclasses.replace(fp8, rhs_layout="nk"), H200)
  assert (c.impl, c.source, c.config.wg_tile, c.config.num_stages, c.config.tiles) == (
      "pallas", "table", (64, 128), 5, "groups")
  assert "Gm_prefill_gu/fp8/nk" in c.reason
  assert gg_rule.choose(dataclasses.replace(fp8, out_dtype="float32"), H200).impl == "xla"
  # Inputs the kernel cannot run never get it, table or not.
  wide = dataclasses.replace(problem("Gm_prefill_gu"), out_dtype="float32")
  assert gg_rule.choose(wide, H200).impl == "xla"
  # The fused SwiGLU epilogue is its own row of the table (or the formula until measured).
  swiglu = gg_rule.choose(dataclasses.replace(problem("Gm_prefill_gu"), activation="swiglu"), H200)
  assert swiglu.impl == "pallas" and swiglu.problem.table_key()["activation"] == "swiglu"
  assert gg_rule.pallas_unsupported_reason(swiglu.problem, swiglu.config) is None


def test_decode_batches_of_exactly_tokens_times_top_k_rows_get_the_measured_rows():
  """A decode batch has exactly tokens x top_k rows (Gemma's 128 tokens: 1024); the benchmarks'
  random group sizes sum a little over that (1056). Both must get the H200 table's row for the
  shape: M goes to the nearest power of two. Rounded up, 6 of the 13 PEERS.md §3 shapes at
  their nominal M (Gemma's decode rows, DS_G16's, DS_G1's) missed their rows and ran the
  formula's config, another config than the row's on 4 of them (session 65,
  benchmarks/results/logs/session65/nominal_m.log)."""
  from jaxkern.shapes import GROUPED_GEMM_SHAPES

  for s in GROUPED_GEMM_SHAPES:
    for m in {int(s.group_sizes().sum()), s.rows or s.num_groups * s.expected_m}:
      c = gg_rule.choose(dataclasses.replace(_shape_problem(s), m=m), H200)
      assert c.source == "table" and s.name in c.reason, (s.name, m, c.reason)
  # Gemma's decode down projection at 128 tokens x 8: the row's group tiles storing every row
  # by TMA (session 65, run446), 64 x 256 with 4 stages (session 66, run450)
  gm = next(s for s in GROUPED_GEMM_SHAPES if s.name == "Gm_decode_dn")
  c = gg_rule.choose(dataclasses.replace(_shape_problem(gm), m=1024), H200)
  assert (c.config.block_n, c.config.num_stages, c.config.segment_stores) == (256, 4, "rows")
  assert gg_rule.config_name(c.config).endswith("/groups/rows")


def _shape_problem(s, layout="contiguous", activation=None, rhs_layout="kn", dtype="bfloat16"):
  """The problem of a `GroupedGemmShape` (its drawn rows; masked: M_max rows a group), bf16
  output."""
  m = s.masked_m_max if layout == "masked" else int(s.group_sizes().sum())
  return gg_rule.GroupedGemmProblem(layout=layout, num_groups=s.num_groups, m=m, k=s.k, n=s.n,
                                    dtype=dtype, out_dtype="bfloat16", activation=activation,
                                    rhs_layout=rhs_layout)


def _problem_of_key(key: dict) -> gg_rule.GroupedGemmProblem:
  """A problem with a tuning row's key (its sizes already bucketed), bf16 output."""
  return gg_rule.GroupedGemmProblem(layout=key["layout"], num_groups=key["G"], m=key["M"],
                                    k=key["K"], n=key["N"], dtype=key["dtype"],
                                    out_dtype="bfloat16", activation=key.get("activation"),
                                    rhs_layout=key.get("rhs_layout", "kn"))


def test_committed_h100_table_drives_the_rule_there():
  """Session 53 measured the kernel beside our XLA path on an H100 (run373-377) at every key of
  the H200's table: the H100 rule reads its own rows. It takes the kernel on the 42 rows where it
  was faster and XLA on the 6 where it was not, three of which (masked DS_G1 / DS_G4 gate/up, and
  DS_G4's with SwiGLU) the H200 measured the other way, so a sibling kind's rows would mislead;
  an untuned shape takes the formula's config from the H100 rows' speedup, no longer XLA for
  want of a table. Sessions 55 and 56 added six gpt-oss-120b gate/up rows (K-major weights,
  run385-388), the kernel 4.3-7.2x faster than XLA there (decode rows 4.3-5.0x)."""
  from jaxkern.shapes import GROUPED_GEMM_SHAPES

  h100 = DeviceSpec.for_kind("NVIDIA H100 80GB HBM3")
  rows = tuning.rows(h100.kind, gg_rule.PALLAS_TABLE)
  keys = lambda kind: sorted(json.dumps(r["key"], sort_keys=True)
                             for r in tuning.rows(kind, gg_rule.PALLAS_TABLE))
  h200_keys = keys("NVIDIA H200")
  extra = sorted(r["shape"] for r in rows if json.dumps(r["key"], sort_keys=True) not in h200_keys)
  assert extra == ["GO_tp2_gu_t128/nk", "GO_tp2_gu_t8192/nk", "GO_tp2_gu_t8192/swiglu/nk",
                   "GO_tp4_gu_t128/nk", "GO_tp4_gu_t8192/nk", "GO_tp4_gu_t8192/swiglu/nk"]
  assert len(rows) == 54 and set(h200_keys) <= set(keys(h100.kind))
  faster = [r["shape"] for r in rows if r["us"] < r["xla_us"]]
  assert len(faster) == 48
  for r in rows:
    c = gg_rule.choose(_problem_of_key(r["key"]), h100)
    assert c.impl == ("pallas" if r["shape"] in faster else "xla"), (r["shape"], c.reason)
    assert r["shape"] in c.reason    # the measured row, named, decides either way
    if c.impl == "pallas":
      assert h100.kind in c.reason and dict(c.estimate) == {"pallas": r["us"], "xla": r["xla_us"]}
  by_name = {s.name: s for s in GROUPED_GEMM_SHAPES}
  s = by_name["DS_G1_m1024_gu"]
  masked = gg_rule.GroupedGemmProblem(layout="masked", num_groups=1, m=s.masked_m_max, k=s.k,
                                      n=s.n, dtype="bfloat16", out_dtype="bfloat16",
                                      activation=None)
  assert (gg_rule.choose(masked, H200).impl, gg_rule.choose(masked, h100).impl) == ("pallas", "xla")
  untuned = gg_rule.GroupedGemmProblem(layout="contiguous", num_groups=32, m=3000, k=1536,
                                       n=2048, dtype="bfloat16", out_dtype="bfloat16",
                                       activation=None)
  assert tuning.lookup(h100.kind, gg_rule.PALLAS_TABLE, untuned.table_key()) is None
  c = gg_rule.choose(untuned, h100)
  assert (c.impl, c.source) == ("pallas", "formula") and h100.kind in c.reason


def test_h100_rows_held_out_in_turn(tuning_root):
  """The untuned-shape fallback on the H100 (the formula's config where the rows of the same
  class, measured on the H100, ran the kernel faster on geometric mean): with each committed H100
  row held out in turn it picks the path measured faster on 48 of the 52 rows whose class has
  other rows, the worst miss at 1.16x the faster time (DS_G1_m1024_dn/masked, on XLA)."""
  import pathlib
  kind = "NVIDIA H100 80GB HBM3"
  h100 = DeviceSpec.for_kind(kind)
  committed = pathlib.Path(__file__).parents[2] / "jaxkern/tuning" / tuning.device_dir(kind)
  rows = json.loads((committed / f"{gg_rule.PALLAS_TABLE}.json").read_text())["rows"]
  agree, misses, costs = 0, [], []
  for i, r in enumerate(rows):
    tuning.table_path(kind, gg_rule.PALLAS_TABLE).unlink(missing_ok=True)
    tuning._load.cache_clear()    # write_rows merges into what it last read
    tuning.write_rows(kind, gg_rule.PALLAS_TABLE, rows[:i] + rows[i + 1:])
    c = gg_rule.choose(_problem_of_key(r["key"]), h100)
    if "measured with the kernel" in c.reason:     # no other row of its class to go by
      continue
    picked = r["us"] if c.impl == "pallas" else r["xla_us"]
    costs.append(picked / min(r["us"], r["xla_us"]))
    if costs[-1] == 1.0:
      agree += 1
    else:
      misses.append(r["shape"])
  assert (len(costs), agree) == (52, 48), misses
  assert max(costs) == pytest.approx(58.8 / 50.7)
  assert "DS_G1_m1024_dn/masked" in misses


def test_fp8_formula_follows_the_committed_k_major_measurements():
  """The fp8 formula (untuned shapes) against every config timed in
  benchmarks/results/h200/grouped_gemm_configs_fp8_nk.json (session 12; its two prefill rows
  re-run in session 27 with 128 x 192 group tiles among the candidates): on each of the 8 rows
  its config was measured there, and is the fastest on 7 and within 4% of it on the other
  (DS_G16_m64 masked: 1.1%)."""
  import pathlib
  from jaxkern.shapes import GROUPED_GEMM_SHAPES
  path = pathlib.Path(__file__).parents[2] / "benchmarks/results/h200/grouped_gemm_configs_fp8_nk.json"
  records = json.loads(path.read_text())["records"]
  by_name = {s.name: s for s in GROUPED_GEMM_SHAPES}
  shapes = sorted({r["shape"] for r in records})
  assert len(shapes) == 8
  exact = 0
  for name in shapes:
    s = by_name[name.split("/")[0]]
    p = _shape_problem(s, "masked" if "/masked" in name else "contiguous", rhs_layout="nk",
                       dtype="float8_e4m3fn")
    times = {r["impl"]: r["us"] for r in records
             if r["shape"] == name and r["impl"].startswith("pallas/") and r.get("us")}
    mine = times[gg_rule.config_name(gg_rule.pallas_formula_config(p))]
    assert mine <= 1.04 * min(times.values()), (name, mine, min(times.values()))
    exact += mine == min(times.values())
  assert exact == 7


def test_bf16_formula_follows_the_committed_group_tile_measurements():
  """The bf16 formula (untuned shapes) against every config timed in
  benchmarks/results/h200/grouped_gemm_configs_groups.json (session 15, the 11 contiguous shapes
  of several groups, group tiles with half tiles and tail pieces): its config was measured on
  each, is the fastest on 10 and within 1% on Gm_decode_gu. (Until session 54 the 64 x 256 /
  128 x 256 choice was a rows-per-group threshold, 19-25% slower on DS_G4_m256_dn and
  DS_G16_m64_gu, where 128 x 256 group tiles make a round fewer.)"""
  import pathlib
  from jaxkern.shapes import GROUPED_GEMM_SHAPES
  path = (pathlib.Path(__file__).parents[2]
          / "benchmarks/results/h200/grouped_gemm_configs_groups.json")
  records = json.loads(path.read_text())["records"]
  by_name = {s.name: s for s in GROUPED_GEMM_SHAPES}
  shapes = sorted({r["shape"] for r in records})
  assert len(shapes) == 11
  ratios = {}
  for name in shapes:
    p = _shape_problem(by_name[name])
    times = {r["impl"]: r["us"] for r in records
             if r["shape"] == name and r["impl"].startswith("pallas/") and r.get("us")}
    ratios[name] = (times[gg_rule.config_name(gg_rule.pallas_formula_config(p, H200))]
                    / min(times.values()))
  assert sum(r == 1.0 for r in ratios.values()) == 10, ratios
  assert max(ratios, key=ratios.get) == "Gm_decode_gu" and max(ratios.values()) < 1.01, ratios


def _group_tile_pairs():
  """Every contiguous bf16 shape of several groups where 64 x 256 (columns split) and 128 x 256
  group tiles were both timed, as (device kind, shape name, us of the first, us of the second):
  the H200's configs runs (groups, SwiGLU), the H100's run373 and run378, session 54's gpt-oss
  N-edge rows (128 x 256 in run379, 64 x 256 as the rule's pick in run380) and sessions 55 and
  56's configs runs of six gpt-oss rows (run385-388; K-major weights, names without "/nk")."""
  import pathlib
  root = pathlib.Path(__file__).parents[2] / "benchmarks/results"
  logs = root / "logs"
  narrow, wide = "pallas/m64/n256/s4/n/b8/groups", "pallas/m128/n256/s4/m/b8/groups"
  h100 = "NVIDIA H100 80GB HBM3"

  def records(path):
    data = json.loads(path.read_text())
    return data["records"] if isinstance(data, dict) else data
  out = []
  for kind, path in (("NVIDIA H200", root / "h200/grouped_gemm_configs_groups.json"),
                     ("NVIDIA H200", root / "h200/grouped_gemm_configs_swiglu.json"),
                     (h100, logs / "grouped_gemm_session53/run373/contiguous.json"),
                     (h100, logs / "grouped_gemm_session54/run378/swiglu_prefill.json"),
                     (h100, logs / "grouped_gemm_session55/run385/n_edge.json"),
                     (h100, logs / "grouped_gemm_session55/run386/n_edge_tp4.json"),
                     (h100, logs / "grouped_gemm_session55/run386/n_edge_tp2_swiglu.json"),
                     (h100, logs / "grouped_gemm_session56/run387/n_edge_tp4_decode.json"),
                     (h100, logs / "grouped_gemm_session56/run388/n_edge_tp2_decode.json"),
                     (h100, logs / "grouped_gemm_session56/run388/n_edge_tp4_swiglu.json")):
    times = {}
    for r in records(path):
      if r.get("layout", "contiguous") == "contiguous" and r.get("us"):
        times.setdefault(r["shape"].removesuffix("/nk"), {})[r["impl"]] = r["us"]
    out += [(kind, name, t[narrow], t[wide]) for name, t in times.items()
            if narrow in t and wide in t]
  n_edge = logs / "grouped_gemm_session54"
  auto = {r["shape"]: r["us"] for r in records(n_edge / "run380/n_edge_xla_auto.json")
          if r["impl"] == "auto"}
  out += [(h100, r["shape"], auto[r["shape"]], r["us"])
          for r in records(n_edge / "run379/n_edge.json")
          if r["impl"] == "pallas/m128/n256/s4/groups" and r["shape"] in auto]
  return out


def test_group_tile_height_follows_every_committed_pair():
  """64 x 256 or 128 x 256 group tiles for an untuned contiguous shape of several groups
  (`group_tile_rounds_us`: rounds of num_sms units at one SM's share of the roofline): on every
  shape where both were timed (28, H200 and H100, with and without SwiGLU) the formula picks
  the faster. The rows-per-group threshold before it (64 x 256 up to 256 rows per group) was
  wrong on 11 of them, by 18-25%."""
  from jaxkern.shapes import GROUPED_GEMM_SHAPES, N_EDGE_GROUPED_GEMM_SHAPES
  by_name = {s.name: s for s in GROUPED_GEMM_SHAPES + N_EDGE_GROUPED_GEMM_SHAPES}
  pairs = _group_tile_pairs()
  assert len(pairs) == 28
  old_misses = []
  for kind, name, narrow_us, wide_us in pairs:
    base, _, act = name.partition("/")
    s = by_name[base]
    edge = (s.n // (2 if act else 1)) % 64 != 0       # gpt-oss: timed on K-major weights
    p = _shape_problem(s, activation=act or None, rhs_layout="nk" if edge else "kn")
    config = gg_rule.pallas_formula_config(p, DeviceSpec.for_kind(kind))
    assert config.tiles == "groups" and config.block_n == 256, name
    assert (config.block_m == 64) == (narrow_us < wide_us), (kind, name, narrow_us, wide_us)
    if (p.m / p.num_groups <= 256) != (narrow_us < wide_us):
      old_misses.append(max(narrow_us, wide_us) / min(narrow_us, wide_us))
  assert len(old_misses) == 11 and 1.18 < min(old_misses) and max(old_misses) < 1.25
  # explain says what the model weighed (gpt-oss's tp 4 prefill gate/up with SwiGLU, K-major, on
  # the H200: no table row)
  choice = gg_rule.choose(_shape_problem(by_name["GO_tp4_gu_t8192"], activation="swiglu",
                                         rhs_layout="nk"),
                          DeviceSpec.for_kind("NVIDIA H200"))
  assert choice.impl == "pallas" and choice.config.block_m == 128, choice
  assert "group tiles 128 x 256 by the wave model" in choice.reason, choice.reason


def test_bf16_masked_formula_follows_the_committed_measurements():
  """The bf16 formula on the masked layout against every config timed on the 8 masked rows of
  benchmarks/results/h200/grouped_gemm_configs.json: 128 x 256 group tiles where M_max > 128
  (DS_G1, DS_G4: the fastest config, session 28), 128 x 256 row tiles on the decode rows (M_max
  = 128; within 4.1% of the fastest there)."""
  import pathlib
  from jaxkern.shapes import GROUPED_GEMM_SHAPES
  path = pathlib.Path(__file__).parents[2] / "benchmarks/results/h200/grouped_gemm_configs.json"
  records = json.loads(path.read_text())["records"]
  by_name = {s.name: s for s in GROUPED_GEMM_SHAPES}
  shapes = sorted({r["shape"] for r in records if r["shape"].endswith("/masked")})
  assert len(shapes) == 8
  for name in shapes:
    s = by_name[name.split("/")[0]]
    p = _shape_problem(s, "masked")
    times = {r["impl"]: r["us"] for r in records
             if r["shape"] == name and r["impl"].startswith("pallas/") and r.get("us")}
    config = gg_rule.pallas_formula_config(p)
    mine = times[gg_rule.config_name(config)]
    assert (config.tiles == "groups") == (s.masked_m_max > 128), name
    if s.masked_m_max > 128:
      assert mine == min(times.values()), name
    assert mine <= 1.042 * min(times.values()), (name, mine, min(times.values()))


def test_untuned_shapes_get_the_kernel_from_the_measured_speedup():
  """A shape in neither H200 table gets the kernel by formula when the kernel beat the XLA path on
  the measured shapes of its class (layout, one group or several; geometric mean > 1): so a
  contiguous one-group shape (a single dense dot, 0.93x) stays on XLA and a masked one does not;
  fp8 and SwiGLU (fused epilogue) are classes of their own; a CPU never gets it."""
  def problem(layout="contiguous", g=32, m=8192, dtype="bfloat16", activation=None):
    return gg_rule.GroupedGemmProblem(layout=layout, num_groups=g, m=m, k=4096, n=1536,
                                      dtype=dtype, out_dtype="bfloat16", activation=activation)
  speedup, count = gg_rule.measured_kernel_speedup("contiguous", False, H200)
  assert speedup > 1 and count >= 10
  assert gg_rule.measured_kernel_speedup("contiguous", True, H200)[0] < 1
  # SwiGLU rows form their own classes (session 11: 6 contiguous G >= 2 rows, 3 masked).
  assert gg_rule.measured_kernel_speedup("contiguous", False, H200, "swiglu")[1] == 6
  assert gg_rule.measured_kernel_speedup("masked", False, H200, "swiglu")[1] == 3
  assert gg_rule.measured_kernel_speedup("contiguous", True, H200, "swiglu")[0] < 1
  for p in (problem(), problem("masked", m=256)):
    c = gg_rule.choose(p, H200)
    assert (c.impl, c.source) == ("pallas", "formula") and "geometric mean" in c.reason
    assert gg_rule.pallas_unsupported_reason(p, c.config) is None
  assert gg_rule.choose(problem(m=16 * 32), H200).config.split == "n"   # 16 rows per group
  assert gg_rule.choose(problem(g=1, m=3000), H200).impl == "xla"
  assert gg_rule.choose(problem("masked", g=1, m=3000), H200).impl == "pallas"
  f8 = gg_rule.choose(problem(dtype="float8_e4m3fn"), H200)
  assert (f8.impl, f8.source) == ("pallas", "formula") and "in fp8" in f8.reason
  assert gg_rule.pallas_unsupported_reason(f8.problem, f8.config) is None
  assert gg_rule.choose(problem(activation="swiglu"), H200).impl == "pallas"
  assert gg_rule.choose(problem(), DeviceSpec.for_kind("cpu")).impl == "xla"


def test_compat_shims():
  params = _compat.interpret_gpu_params(detect_races=True)
  assert type(params).__name__ == "InterpretGPUParams" and params.detect_races
  mesh = _compat.make_abstract_mesh((2,), ("x",), device_kind="NVIDIA H100 80GB HBM3")
  assert mesh.abstract_device.device_kind == "NVIDIA H100 80GB HBM3"
  with jax.sharding.use_abstract_mesh(mesh):
    assert DeviceSpec.current().has_mosaic_gpu


def test_mixed_batch_plan_rule(tuning_root):
  from jaxkern.rules import extend_attention_mixed as mixed_rule

  def problem(decode_seqs, prefill_extend):
    head = dict(num_q_heads=8, num_kv_heads=4, head_dim=256, dtype="bfloat16", page_size=16,
                sliding_window=None, logit_cap=False)
    tokens = decode_seqs + prefill_extend
    whole = ea_rule.ExtendAttentionProblem(num_tokens=tokens, num_seqs=decode_seqs + 1,
                                           max_pages=250, max_extend_len=prefill_extend,
                                           decode_seqs=decode_seqs, max_decode_len=1, **head)
    decode = dataclasses.replace(whole, num_tokens=decode_seqs, num_seqs=decode_seqs,
                                 max_extend_len=1, decode_seqs=0, max_decode_len=0)
    prefill = dataclasses.replace(whole, num_seqs=1, decode_seqs=0, max_decode_len=0)
    return mixed_rule.MixedAttentionProblem(whole=whole, decode=decode, prefill=prefill)

  p = problem(32, 512)
  assert p.whole.regime == "mixed" and p.whole.table_key["Bd"] == 32
  untuned = mixed_rule.choose(p, H200)
  assert (untuned.impl, untuned.source) == ("one", "formula")
  cfg = ea_rule.choose(p.whole, H200).config          # one launch: per-sequence tiles
  assert (cfg.tiles, cfg.num_splits) == ("sequence", 1)
  # A measured row decides, both ways, and its times are the estimate.
  for plan, times in (("split", {"split": 60.0, "one": 150.0}), ("one", {"split": 40.0, "one": 38.0})):
    tuning.write_rows("NVIDIA H200", mixed_rule.OP, [{"key": p.table_key, "plan": plan,
                                                      "plans": times}])
    chosen = mixed_rule.choose(p, H200)
    assert (chosen.impl, chosen.source, dict(chosen.estimate)) == (plan, "table", times)
  assert mixed_rule.choose(problem(64, 512), H200).source == "formula"   # another bucket
  with pytest.raises(ValueError, match="plan takes no config"):
    mixed_rule.check("one", ea_rule.ExtendAttentionPallasConfig(), p, H200)


def _seed_problem(name, page_size=16):
  """The rule's problem of the PEERS.md §1 / head_dim 128 shape `name` (bf16; abstract inputs)."""
  from jaxkern.ops.extend_attention import attention_problem
  from jaxkern.shapes import ATTENTION_SHAPES, HD128_ATTENTION_SHAPES
  shape = {s.name: s for s in ATTENTION_SHAPES + HD128_ATTENTION_SHAPES}[name]
  args, max_ext = shape.batch(page_size=page_size, dtype=jnp.bfloat16, abstract=True)
  return attention_problem(*args, sm_scale=None, logit_cap=None, sliding_window=shape.window,
                           max_extend_len=max_ext)


def test_committed_h200_table_orders_global_tiles_per_batch():
  """The committed H200 attention table launches a small multi-sequence prefill's tiles heaviest
  first in the static position order (measured faster, no ranking kernels) and keeps the index
  order for larger batches (measured faster there: keys shared by neighbouring tiles stay in
  L2); the formula for untuned shapes draws the same line, at two waves of CTAs."""
  orders, formula = {}, {}
  for name in ("prefill_multi", "chunk_8x512_p0", "chunk_8x512_p512", "chunk_32x512_p0",
               "chunk_16x1024_p0", "prefill_long"):
    p = _seed_problem(name)
    choice = ea_rule.choose(p, H200)
    assert choice.source == "table" and choice.impl == "pallas", choice
    orders[name] = choice.config.tile_order
    formula[name] = ea_rule.formula_config(p, H200).tile_order
  want = {"prefill_multi": "position", "chunk_8x512_p0": "position",
          "chunk_8x512_p512": "position", "chunk_32x512_p0": "index",
          "chunk_16x1024_p0": "index", "prefill_long": "index"}
  assert orders == want
  assert formula == want


def test_persistent_launch_only_where_the_launch_model_is_exact():
  """Persistent CTAs (items dealt at trace time by a list schedule on estimated costs) where every
  sequence is max_extend_len long, a whole number of tiles, with at most one key block of prefix
  or an item per CTA in every sequence, and the model predicts a gain: the prefix-free chunks
  (measured 3.6-9.2% faster on the H200), head_dim 128 prefill_long (1.5-2.1%) and head_dim 128
  chunk 8x1024/1024 (256 items per sequence; 4.7-7.7% on an H100); not prefill_multi (tiles
  straddle its 1000-token sequences), prefill_long (its overlapped loop spills at head_dim 256:
  measured 8% slower), the head_dim 256 chunks over a prefix (32-64 items per sequence: mixed
  prefixes measured 11.6-16.5% slower), per-sequence tiles, run-time cost orders."""
  from jaxkern.shapes import ATTENTION_SHAPES, HD128_ATTENTION_SHAPES

  persistent = {}
  for shape in ATTENTION_SHAPES + HD128_ATTENTION_SHAPES:
    p = _seed_problem(shape.name)
    choice = ea_rule.choose(p, H200)
    persistent[shape.name] = choice.config.persistent_ctas
    assert ("launch model" in choice.reason) == (
        ea_rule.persistent_estimate(p, choice.config, H200) is not None)
    cost = dataclasses.replace(choice.config, tiles="global", tile_order="cost", num_splits=1)
    assert ea_rule.persistent_estimate(p, cost, H200) is None
  assert {n for n, c in persistent.items() if c} == {"chunk_8x512_p0", "chunk_16x1024_p0",
                                                     "chunk_32x512_p0", "hd128_prefill_long",
                                                     "hd128_chunk_8x1024_p1024"}
  assert {c for c in persistent.values()} == {0, H200.num_sms}
  # chunk_16x1024_p0's table row sorts four waves' tail (an A/B, session 75); the estimate
  # deals as the kernel does, so it moves with the row's deal_waves.
  p = _seed_problem("chunk_16x1024_p0")
  chosen = ea_rule.choose(p, H200).config
  assert (chosen.persistent_ctas, chosen.deal_waves) == (H200.num_sms, 4)
  default = dataclasses.replace(chosen, deal_waves=None)
  assert ea_rule.choose(_seed_problem("chunk_32x512_p0"), H200).config.deal_waves is None
  assert (ea_rule.persistent_estimate(p, chosen, H200)[1]
          < ea_rule.persistent_estimate(p, default, H200)[1])
  # The model's gain is not what keeps an overlapped head_dim-256 loop from persistent CTAs.
  p = ea_rule.ExtendAttentionProblem(
      num_tokens=8192, num_seqs=1, num_q_heads=8, num_kv_heads=4, head_dim=256,
      dtype="bfloat16", page_size=16, max_pages=0, max_extend_len=8192, sliding_window=None,
      logit_cap=False)
  cfg = ea_rule.ExtendAttentionPallasConfig(overlap=True)
  with mock.patch.object(ea_rule.plan, "PERSISTENT_SAVES_US", 3.0):
    assert ea_rule.with_persistence(p, cfg, H200)[0].persistent_ctas == 0
    assert ea_rule.with_persistence(p, dataclasses.replace(cfg, overlap=False),
                                    H200)[0].persistent_ctas == H200.num_sms


def test_forced_kernel_config_off_hopper_is_the_kernel_targets():
  """impl="pallas" forced where Mosaic GPU does not run (interpret mode or a CUDA export on a
  CPU): the formula's splits, tile order and persistent CTAs are sized for the kernel target
  (`DeviceSpec.kernel_target`, the H200) rather than the host's one "SM"."""
  from jaxkern.shapes import ATTENTION_SHAPES, HD128_ATTENTION_SHAPES

  cpu = DeviceSpec.for_kind("cpu")
  assert cpu.kernel_target == H200 and H200.kernel_target == H200
  persistent = 0
  for shape in ATTENTION_SHAPES + HD128_ATTENTION_SHAPES:
    p = _seed_problem(shape.name)
    on_cpu = ea_rule.config_for("pallas", p, cpu)
    assert on_cpu == ea_rule.config_for("pallas", p, H200), shape.name
    persistent += on_cpu.persistent_ctas == H200.num_sms
  assert persistent        # (the host's one "SM" launched these on one CTA)
  # 4 sequences x 4 KV heads verifying over 8000 keys: splits for ~one wave of 132 CTAs
  assert ea_rule.config_for("pallas", _uniform_problem(4, 4, 8000, 8, 4, 256), cpu).num_splits == 8


def _uniform_problem(num_seqs, ext, prefix, hq=32, hkv=8, head_dim=128):
  """The rule's problem of `num_seqs` sequences of `ext` new tokens over `prefix` cached keys
  each (page size 16, bf16; abstract inputs)."""
  from jaxkern.ops.extend_attention import attention_problem
  from jaxkern.shapes import make_paged_batch
  args, max_ext = make_paged_batch([(prefix, ext)] * num_seqs, num_q_heads=hq, num_kv_heads=hkv,
                                   head_dim=head_dim, page_size=16, dtype=jnp.bfloat16,
                                   abstract=True)
  return attention_problem(*args, sm_scale=None, logit_cap=None, sliding_window=None,
                           max_extend_len=max_ext)


def test_persistent_launch_over_a_prefix_needs_an_item_per_cta_in_every_sequence():
  """Past one key block of prefix the deal prices every item's prefix at the static bound, which
  the real prefixes may not reach; it stays even where each CTA gets a share of every sequence:
  one sequence, or sequences launched one after another with at least num_sms items (tile, KV
  head) each."""
  problem = _uniform_problem
  cfg = ea_rule.ExtendAttentionPallasConfig(tiles="global", consumers=2, block_kv=128)
  est = lambda p, c=cfg: ea_rule.persistent_estimate(p, c, H200)
  # 1024 tokens at G = 4: 32 tiles of 32 tokens x 8 KV heads = 256 items per sequence >= 132
  assert est(problem(8, 1024, 1024)) is not None
  assert est(problem(8, 1024, 128)) is not None            # one key block: exact anyway
  assert est(problem(8, 512, 1024)) is None                # 16 tiles x 8: 128 items, too few
  assert est(problem(8, 544, 1024)) is not None            # 17 tiles x 8: 136
  assert est(problem(8, 1024, 1024, hkv=4, hq=16)) is None  # 32 tiles x 4: 128
  assert est(problem(1, 512, 4096, hkv=4, hq=16)) is not None   # one sequence: one prefix
  assert est(problem(8, 1024, 1024), dataclasses.replace(cfg, tile_order="position")) is None
  assert est(problem(1, 1024, 1024), dataclasses.replace(cfg, tile_order="position")) is not None
  # head_dim 256, 16 x 1024 over 1024 keys: 16 tiles x 4 KV heads = 64 items per sequence
  p256 = problem(16, 1024, 1024, hq=8, hkv=4, head_dim=256)
  c64 = dataclasses.replace(cfg, block_kv=64)
  assert est(p256, c64) is None
  assert ea_rule.choose(p256, H200).config.persistent_ctas == 0
  # the formula's plain loop (no spills) stays one CTA per item for want of items, not for the
  # spills that keep the tables' overlapped config so (H200 and, since session 57, H100 rows)
  h100 = DeviceSpec.for_kind("NVIDIA H100 80GB HBM3")
  formula = ea_rule.config_for("pallas", p256, h100)
  assert (formula.overlap, formula.persistent_ctas) == (False, 0), formula
  choice = ea_rule.choose(p256, h100)
  assert (choice.source, choice.config.overlap, choice.config.persistent_ctas) == (
      "table", True, 0), choice


@pytest.mark.parametrize("num_seqs,ext,prefix,hq,hkv,head_dim,block_kv", [
    (8, 1024, 1024, 32, 8, 128, 128), (8, 544, 1024, 32, 8, 128, 128),
    (8, 512, 1024, 32, 8, 128, 128), (32, 512, 512, 8, 4, 256, 64),
    (16, 1024, 1024, 8, 4, 256, 64)])
def test_static_deal_shares_every_sequence_where_the_rule_deals_over_a_prefix(
    num_seqs, ext, prefix, hq, hkv, head_dim, block_kv):
  """What `_even_share` rests on: the kernel's trace-time deal (plan.kernel_deal, which
  mosaic.py calls) gives every one of 132 CTAs one or two items of
  every sequence where the rule takes persistent CTAs over a prefix (256 and 136 items per
  sequence), and leaves some CTA without an item of some sequence where it does not (128, 32,
  64): there a long real prefix lands on a few CTAs."""
  from pallas_kernels.extend_attention import plan
  p = _uniform_problem(num_seqs, ext, prefix, hq, hkv, head_dim)
  cfg = ea_rule.ExtendAttentionPallasConfig(tiles="global", consumers=2, block_kv=block_kv)
  tile_tokens = cfg.block_rows // (hq // hkv)
  num_tiles, ctas = num_seqs * ext // tile_tokens, H200.num_sms
  prefix_steps = -(-p.visible_prefix // block_kv)
  steps = plan.launch_steps(tile_order="index", num_tiles=num_tiles, num_kv_heads=hkv,
                            tile_tokens=tile_tokens, seq_tokens=ext, block_kv=block_kv,
                            prefix_steps=prefix_steps)
  deal = plan.kernel_deal(steps, ctas, block_kv=block_kv, head_dim=head_dim, consumers=2,
                          prefix_steps=prefix_steps)
  counts, items = deal[:ctas], deal[ctas:].reshape(ctas, -1)
  share = np.zeros((ctas, num_seqs), np.int64)       # items of each sequence on each CTA
  for c in range(ctas):
    tiles = num_tiles - 1 - items[c, :counts[c]] // hkv    # index order: from the last tile
    np.add.at(share[c], tiles * tile_tokens // ext, 1)
  dealt = ea_rule.persistent_estimate(p, cfg, H200) is not None
  assert dealt == (share.min() >= 1), (share.min(), share.max())
  if dealt:
    assert share.max() - share.min() <= 1


def test_launch_model_functions():
  from pallas_kernels.extend_attention import plan
  # Sequences of 100 tokens back to back, tiles of 64 rows: tile 1 holds rows 64..99 of the
  # first (2 key blocks) and rows 0..27 of the second (1); tile 3 rows 92..99 of the second (its
  # blocks 0-1) and rows 0..55 of the third (1).
  steps = plan.position_tile_steps(num_tiles=4, tile_tokens=64, seq_tokens=100, block_kv=64)
  assert steps.tolist() == [1, 3, 2, 3]
  assert plan.position_tile_steps(num_tiles=1, tile_tokens=64, seq_tokens=64, block_kv=64,
                                  prefix_steps=3).tolist() == [4]
  windowed = plan.position_tile_steps(num_tiles=8, tile_tokens=64, seq_tokens=512, block_kv=64,
                                      window=128)
  assert windowed.max() == 3
  # Launch order: tiles from the last ("index"), the position order, or heaviest first ("cost").
  kw = dict(num_tiles=4, num_kv_heads=2, tile_tokens=64, seq_tokens=100, block_kv=64)
  assert plan.launch_steps(tile_order="index", **kw).tolist() == [3, 3, 2, 2, 3, 3, 1, 1]
  assert plan.launch_steps(tile_order="cost", **kw).tolist() == [3, 3, 3, 3, 2, 2, 1, 1]
  # The GPU's list schedule, and the same deal made for persistent CTAs: [counts, then each
  # CTA's items]; ties go to the lower CTA.
  cta_of, end = plan.list_schedule([4.0, 1.0, 4.0, 1.0, 4.0, 1.0], 2)
  assert cta_of.tolist() == [0, 1, 1, 0, 0, 1] and end == 9.0
  # The persistent deal sorts the last two waves' items (2, 3, 4, 5) heaviest first, (2, 4, 3,
  # 5): CTA 0 runs 0 and 4, CTA 1 runs 1, 2, 3 and 5, and both end by 8 instead of 9.
  assert plan.persistent_deal([4.0, 1.0, 4.0, 1.0, 4.0, 1.0], 2).tolist() == [2, 4, 0, 4, -1, -1,
                                                                               1, 2, 3, 5]
  assert plan.persistent_deal([2.0], 3).tolist() == [1, 0, 0, 0, -1, -1]
  # Persistent CTAs take the launch order with its last wave's worth of items heaviest first
  # where that ends sooner: a heavy item last would end alone.
  assert plan.balanced_order([1.0, 1.0, 1.0, 1.0, 4.0], 2, waves=1).tolist() == [0, 1, 2, 4, 3]
  assert plan.balanced_order([4.0, 1.0, 4.0, 1.0, 4.0, 1.0], 2, waves=1).tolist() == list(range(6))
  # Tails of up to two waves' worth (plan.DEAL_WAVES, the kernel's deal and the rule's estimate):
  # the heavy item can start in the first wave.
  assert plan.balanced_order([1.0, 1.0, 1.0, 1.0, 5.0], 2,
                             waves=1).tolist() == [0, 1, 2, 4, 3]  # ends 6
  assert plan.balanced_order([1.0, 1.0, 1.0, 1.0, 5.0], 2, waves=2).tolist() == [0, 4, 1, 2, 3]
  assert plan.DEAL_WAVES == 2
  assert plan.balanced_order([1.0, 1.0, 1.0, 1.0, 5.0], 2).tolist() == [0, 4, 1, 2, 3]  # ends 5
  # Two waves only where the costs are exact (a prefix of at most one key block); a longer
  # prefix's deal rests on even shares of every sequence, which one wave keeps.
  assert [plan.deal_waves(s) for s in (0, 1, 2)] == [2, 2, 1]
  assert [plan.deal_waves(s, 4) for s in (0, 1, 2)] == [4, 4, 1]   # a config's deal_waves
  assert plan.persistent_deal([1.0, 1.0, 1.0, 1.0, 5.0], 2, waves=1).tolist() == [3, 2, 0, 2, 3,
                                                                                  1, 4, -1]
  # CTA 0 runs the four light items, CTA 1 the heavy one from the start: both end by 4.
  assert plan.persistent_deal([1.0, 1.0, 1.0, 1.0, 4.0], 2).tolist() == [4, 1, 0, 1, 2, 3,
                                                                         4, -1, -1, -1]
  costs = [1.0, 1.0, 1.0, 1.0, 4.0]
  assert plan.launch_makespans(costs, costs, ctas=2) == (6.0, 4.0)
  # The launch priced on `costs` but dealt on other costs (equal items: CTA 0 gets 0, 2, 4 and
  # CTA 1 gets 1, 3), as the kernel deals: the heavy item ends last, at 1 + 1 + 4.
  assert plan.launch_makespans(costs, costs, ctas=2, deal_costs=[1.0] * 5) == (6.0, 6.0)
  # Equal items (2 of steps, 1 of their own): a persistent item saves its share.
  assert plan.launch_makespans(np.full(8, 3.0), np.full(8, 2.5), ctas=4) == (6.0, 5.0)
  # An item's cost in 64-key steps at head_dim 256 with two consumers, plus ITEM_STEPS of its
  # own; a step of 128 keys at head_dim 128 costs the same as one of 64 at 256.
  assert plan.item_costs([0, 2], block_kv=64, head_dim=256, consumers=2).tolist() == [3, 5]
  assert plan.item_costs([2], block_kv=128, head_dim=128, consumers=2).tolist() == [5]
  saved = plan.PERSISTENT_SAVES_US / plan.STEP_US_64        # persistent CTAs' items
  assert plan.item_costs([2], block_kv=64, head_dim=256, consumers=2,
                         persistent=True).tolist() == pytest.approx([5 - saved])
  # where the costs are exact (a prefix of at most one key block), a persistent item's own cost
  # is the one fitted to the kernel: one step
  assert [plan.exact_costs(s) for s in (0, 1, 2)] == [True, True, False]
  assert plan.item_costs([2], block_kv=64, head_dim=256, consumers=2, persistent=True,
                         exact=True).tolist() == [2 + plan.PERSISTENT_EXACT_ITEM_STEPS] == [3]
  assert plan.item_costs([2], block_kv=64, head_dim=256, consumers=2,
                         exact=True).tolist() == [5]          # one CTA per item: unchanged


def test_extend_attention_tuning_row_keeps_an_earlier_xla_time():
  # A kernel-only re-tune (configs benchmark --noxla) carries the XLA path's time over; where
  # that time beats every kernel config the row still says XLA.
  p = ea_rule.ExtendAttentionProblem(
      num_tokens=128, num_seqs=32, num_q_heads=8, num_kv_heads=4, head_dim=256, dtype="bfloat16",
      page_size=16, max_pages=512, max_extend_len=4, sliding_window=1024, logit_cap=False)
  runs = [dict(name="pallas/sequence/c1/kv64/s2/x1/ov", us=40.0, config={"overlap": True}),
          dict(name="pallas/sequence/c1/kv64/s2/x1", us=41.0, config={}),
          dict(name="pallas/broken", us=None)]
  row = ea_rule.tuning_row(p, runs, xla_us=300.0)
  assert (row["impl"], row["us"], row["xla_us"], row["config"]) == ("pallas", 40.0, 300.0,
                                                                     {"overlap": True})
  assert ea_rule.tuning_row(p, runs, xla_us=30.0)["impl"] == "xla"
  timed = ea_rule.tuning_row(p, runs + [dict(name="xla", us=35.0)], xla_us=300.0)
  assert (timed["impl"], timed["xla_us"]) == ("xla", 35.0)       # a measured time wins
  # A re-tune keeps the replaced row's deal_waves (set by an A/B; no candidate varies it) where
  # the best config is the same otherwise, and drops it where another config won.
  full = dict(tiles="sequence", consumers=1, overlap=True, persistent_ctas=0, deal_waves=None)
  again = [dict(runs[0], config=full)] + runs[1:]
  old = dict(impl="pallas", config=dict(tiles="sequence", consumers=1, overlap=True,
                                        deal_waves=4))
  assert ea_rule.tuning_row(p, again, xla_us=300.0, replaced=old)["config"]["deal_waves"] == 4
  other = dict(old, config=dict(old["config"], overlap=False))
  assert ea_rule.tuning_row(p, again, xla_us=300.0, replaced=other)["config"]["deal_waves"] is None
  assert ea_rule.tuning_row(p, again, xla_us=300.0, replaced=None)["config"] == full
  assert ea_rule.config_name(ea_rule.ExtendAttentionPallasConfig(overlap=True)).endswith("/ov")
  assert ea_rule.config_name(ea_rule.ExtendAttentionPallasConfig(
      persistent_ctas=132, deal_waves=4)).endswith("/p132/w4")
  # Untuned prefill: the overlapped softmax with 128-key blocks at head_dim 128, not at 256.
  pre = dataclasses.replace(p, num_tokens=3000, num_seqs=3, max_extend_len=1000, max_pages=0,
                            sliding_window=None, num_q_heads=32, num_kv_heads=8, head_dim=128)
  cfg = ea_rule.formula_config(pre, H200)
  assert (cfg.tiles, cfg.block_kv, cfg.overlap) == ("global", 128, True)
  wide = ea_rule.formula_config(dataclasses.replace(pre, head_dim=256), H200)
  assert (wide.block_kv, wide.overlap) == (64, False)
  assert not ea_rule.formula_config(p, H200).overlap                   # verify: never


def _tile_kind_pairs():
  """Every committed head_dim 256 pair of plain two-warpgroup global tiles (c2/kv64/s2) and
  per-sequence tiles of one warpgroup (sequence/c1/kv64/s2) on one shape, as (device kind,
  shape name, us of global, us of sequence): the H200's session 10 configs run (nine prefill
  and chunk shapes) and the H100's prefill_chat through the public op (global tiles by the
  formula in run394, per-sequence tiles by the table row in run395)."""
  import pathlib
  logs = pathlib.Path(__file__).parents[2] / "benchmarks/results/logs"
  glob, seq = "pallas/global/c2/kv64/s2/x1", "pallas/sequence/c1/kv64/s2/x1"
  out = []
  for r in json.loads((logs / "extend_attention_session10/configs_prefill.json").read_text()
                      )["records"]:
    t = {x["name"]: x["us"] for x in r["results"] if x.get("us")}
    out.append(("NVIDIA H200", r["shape"]["name"], t[glob], t[seq]))
  C = ea_rule.ExtendAttentionPallasConfig
  us = {}    # the public op's records name their config by repr
  for run in ("run394", "run395"):
    for r in json.loads((logs / "h100_tables_session57" / run / "extend_attention.json"
                         ).read_text())["records"]:
      if (r["shape"], r["impl"]) == ("prefill_chat", "jaxkern:auto"):
        us[r["config"]] = r["us"]
  out.append(("NVIDIA H100 80GB HBM3", "prefill_chat",
              us[repr(C(tiles="global", consumers=2, block_kv=64, num_stages=2))],
              us[repr(C(tiles="sequence", consumers=1, block_kv=64, num_stages=2))]))
  return out


def test_one_short_sequence_takes_per_sequence_tiles():
  """The formula runs one prefix-free sequence on per-sequence tiles of one warpgroup where the
  two-warpgroup global tiles would not fill a wave, and keeps global tiles from there up, for
  several sequences, and over a prefix: on every committed pair of the two (`_tile_kind_pairs`)
  it picks the faster (prefill_chat: 26.9 against 35.4 us on the H200, 23.9 against 34.0 on an
  H100, where both tables' rows picked per-sequence tiles)."""
  pairs = _tile_kind_pairs()
  assert len(pairs) == 10
  for kind, name, global_us, sequence_us in pairs:
    cfg = ea_rule.formula_config(_seed_problem(name), DeviceSpec.for_kind(kind))
    assert (cfg.tiles == "sequence") == (sequence_us < global_us), (kind, name)
  assert sum(s < g for _, _, g, s in pairs) == 2               # prefill_chat on both kinds
  h100 = DeviceSpec.for_kind("NVIDIA H100 80GB HBM3")
  chat = _seed_problem("prefill_chat")
  for device in (H200, h100):
    cfg = ea_rule.formula_config(chat, device)
    assert (cfg.tiles, cfg.consumers, cfg.num_splits) == ("sequence", 1, 1)
    table = ea_rule.choose(chat, device)
    assert table.source == "table" and table.config.tiles == "sequence", table
    for name in ("prefill_long", "prefill_multi", "chunk_8x512_p0", "hd128_prefill_long"):
      assert ea_rule.formula_config(_seed_problem(name), device).tiles == "global", name
  # the line is one wave (132 SMs): 2000 tokens (128 c2 CTAs) per sequence, 2200 (140) global
  for tokens, tiles in ((200, "sequence"), (2000, "sequence"), (2200, "global")):
    p = dataclasses.replace(chat, num_tokens=tokens, max_extend_len=tokens)
    assert ea_rule.formula_config(p, H200).tiles == tiles, tokens
    choice = ea_rule.choose(p, H200)                        # (no table row at these sizes)
    assert choice.source == "formula" and choice.config.tiles == tiles, choice
    assert ("one sequence under a wave" in choice.reason) == (tiles == "sequence"), choice.reason
  over_cache = dataclasses.replace(chat, max_pages=64)       # a 1000-token chunk over 1024 keys
  assert ea_rule.formula_config(over_cache, H200).tiles == "global"
  two = dataclasses.replace(chat, num_seqs=2, num_tokens=1000)
  assert ea_rule.formula_config(two, H200).tiles == "global"


def test_committed_h100_attention_table():
  """Sessions 57 (run395-396) and 59 (run404-405) measured the candidates on an H100 for nine
  PEERS.md / head_dim 128 shapes; the H100 rule reads those rows (prefill_chat on per-sequence
  tiles, 23.9 us beside cuDNN's 28.6 where the formula's global tiles had run 34.0 in run394) and
  the formula elsewhere."""
  h100 = DeviceSpec.for_kind("NVIDIA H100 80GB HBM3")
  rows = tuning.rows(h100.kind, ea_rule.OP)
  assert len(rows) == 9
  want = {"prefill_chat": "pallas/sequence/c1/kv64/s2/x1",
          "prefill_long": "pallas/global/c2/kv64/s2/x1/ov",
          "chunk_16x1024_p1024": "pallas/global/c2/kv64/s2/x1/ov",
          "chunk_8x512_p512": "pallas/global/c2/kv64/s2/x1/position",
          "prefill_multi": "pallas/global/c2/kv64/s2/x1/position/ov",
          "verify_chat": "pallas/sequence/c1/kv64/s2/x1",
          "verify_summ": "pallas/sequence/c1/kv64/s2/x1",
          "verify_burst": "pallas/sequence/c1/kv64/s2/x1",
          "hd128_verify_4k": "pallas/sequence/c1/kv64/s2/x1"}
  for name, cfg in want.items():
    c = ea_rule.choose(_seed_problem(name), h100)
    assert (c.source, ea_rule.config_name(c.config)) == ("table", cfg), name
    row = tuning.lookup(h100.kind, ea_rule.OP, c.problem.table_key)
    assert h100.kind in c.reason and dict(c.estimate) == {"xla": row["xla_us"], "pallas": row["us"]}
    assert row["us"] < row["xla_us"]
  assert ea_rule.choose(_seed_problem("chunk_32x512_p512"), h100).source == "formula"
