"""The benchmark scripts run end to end on CPU at tiny sizes (their GPU runs are on the device),
and the dense peer inputs they build state the same attention as the op."""

import json
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from _testing import rel_err
from jaxkern.shapes import AttentionShape
from pallas_kernels.extend_attention import extend_attention_reference


def _python(code: str, **env) -> str:
  """Runs `code` in a fresh CPU-only Python and returns its stdout; fails the test, with the
  end of its stderr, if it exits non-zero."""
  proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                        timeout=300, env={"JAX_PLATFORMS": "cpu", "PATH": "", **env})
  assert proc.returncode == 0, proc.stderr[-3000:]
  return proc.stdout


@pytest.mark.parametrize("module,extra", [
    ("benchmarks.extend_attention", []),
    ("benchmarks.extend_attention_mixed", []),
    ("benchmarks.grouped_gemm", []),
    # No fused path on CPU; two rounds, each record their mean.
    ("benchmarks.gemm_reduce_scatter", ["--tp=2,4", "--impls=unfused", "--rounds=2"]),
])
def test_benchmark_smoke(tmp_path, module, extra):
  proc = subprocess.run([sys.executable, "-m", module, "--shapes=small", "--iters=2",
                         f"--out={tmp_path}", *extra], capture_output=True, text=True, timeout=600,
                        env={"XLA_FLAGS": "--xla_force_host_platform_device_count=4",
                             "JAX_PLATFORMS": "cpu", "PATH": ""})
  assert proc.returncode == 0, proc.stderr[-3000:]
  (path,) = tmp_path.glob("*/*.json")
  records = json.loads(path.read_text())["records"]
  assert records and all(r.get("us") for r in records), [r for r in records if not r.get("us")]
  assert any(r["impl"].startswith("jaxkern:") for r in records)
  assert all(r["impl"].startswith("jaxkern:") or r["impl"] == "xla-path" for r in records)
  assert path.with_suffix(".png").exists()
  assert "| shape | tp |" in proc.stdout
  if "--rounds=2" in extra:
    assert all(len(r["samples_us"]) == 2 and r["method"].endswith("mean of 2 runs")
               for r in records)


@pytest.mark.parametrize("prefix,window", [(0, None), (24, None), (24, 9), (0, 5)])
def test_dense_peer_inputs_match_the_op(prefix, window):
  from benchmarks.extend_attention import _dense_kv, _extend_mask

  shape = AttentionShape("t", 3, 8, prefix, window, num_q_heads=4, num_kv_heads=2, head_dim=16)
  args, _ = shape.batch(page_size=4, dtype=jnp.float32)
  q, k, v = _dense_kv(args, shape)
  mask = _extend_mask(shape)
  dense = jax.nn.dot_product_attention(q, k, v, mask=mask, is_causal=mask is None,
                                       implementation="xla")
  want = extend_attention_reference(*args, sliding_window=window)
  assert rel_err(dense.reshape(want.shape), want) < 1e-5


def test_chained_timer_runs_every_call():
  """XLA merges identical calls through optimization_barrier; the chain must keep all of them
  (a merged chain timed 8 calls as one on the H200: logs/gemm_rs_session9/
  sweep_tp2_broken_wall_timer.log)."""
  from benchmarks import _timing

  x = jnp.asarray(np.random.default_rng(0).standard_normal((64, 64)), jnp.float32)
  chain, sets = _timing.chained(lambda a: a @ a, [(x,)], calls=5)
  hlo = chain.lower(sets).compile().as_text()
  assert hlo.count(" dot(") == 5, hlo
  outs = chain(sets)
  assert len(outs) == 5 and all(rel_err(o, x @ x) < 1e-6 for o in outs)
  t = _timing.time_chained(lambda a: a @ a, [(x,)], iters=2, calls=3)
  assert t.wall.us > 0 and t.cupti is None and t.span is None      # CPU: the wall clock only
  assert t.sustained is None
  assert rel_err(t.first, x @ x) < 1e-6


def test_sustained_timing_dispatches_back_to_back_for_its_seconds(monkeypatch):
  """`sustained` (session 64: an H200 under a long load runs at its power cap) dispatches the
  chain, waiting for each, until its seconds are up, after a rest; the median is over the second
  half of the dispatches. time_chained gives it only when asked (sustain_s > 0)."""
  from benchmarks import _timing

  x = jnp.asarray(np.random.default_rng(1).standard_normal((32, 32)), jnp.float32)
  chain, sets = _timing.chained(lambda a: a @ a, [(x,)], calls=4)
  jax.block_until_ready(chain(sets))
  dispatched, slept = [], []
  real_chain = chain
  monkeypatch.setattr(_timing.time, "sleep", slept.append)
  held = _timing.sustained(lambda s: dispatched.append(1) or real_chain(s), sets, seconds=0.2,
                           calls=4, rest_s=0.5)
  assert slept == [0.5] and len(dispatched) >= 2
  assert held.samples == len(dispatched) - len(dispatched) // 2 and held.us > 0
  assert held.method == "sustained 0.2 s, 4 chained calls per dispatch"
  monkeypatch.setattr(_timing, "SUSTAIN_REST_S", 0.0)
  t = _timing.time_chained(lambda a: a @ a, [(x,)], iters=2, calls=3, sustain_s=0.1)
  assert t.sustained is not None and t.sustained.us > 0 and slept[-1] == 0.0


def test_trace_runs_are_split_at_the_widest_gaps():
  """A profiler trace of 3 dispatches (kernels per device: device, start, end in ns) splits into
  its dispatches at the 2 widest gaps of the merged timeline; a run's span covers every device,
  overlapping kernels and the gaps inside it; busy time is per device."""
  from benchmarks import _timing

  kernels = [(0, 0, 100), (1, 10, 90), (0, 400, 500), (1, 95, 210),      # run 0: 0..500 ns
             (1, 30_000_000, 30_000_300), (0, 30_000_100, 30_000_200),      # run 1: 300 ns
             (0, 60_000_000, 60_000_050)]                                   # run 2: 50 ns
  spans, busy = _timing._runs_of(kernels, 3)
  assert spans == [0.5, 0.3, 0.05]
  assert busy == [(100 + 100 + 100 + 50) / 1e3, (80 + 115 + 300) / 1e3]


def test_gemm_reduce_scatter_attaches_peers_md(tmp_path, monkeypatch):
  """H200 records get PEERS.md §2's torch + NCCL figure of their (tp, M, N, K) (the lent GPUs
  cannot read PEERS.md: `--annotate` adds them afterwards, through the same function)."""
  from benchmarks import _report

  peers = tmp_path / "PEERS.md"
  peers.write_text("## 2. GEMM + reduce-scatter\n\n| tp | M | N | K | GFLOP | a | b | c | torch |\n"
                   "|---|---|---|---|---|---|---|---|---|\n"
                   "| 2 | 8192 | 8192 | 8192 | 550 | 1.315 | 1.307 | 1.557 | 1.133 |\n\n## 3. next\n")
  monkeypatch.setattr(_report, "PEERS_MD", peers)
  records = [dict(shape="M8192_N8192_K8192", impl="jaxkern:unfused", tp=2, m=8192, n=8192,
                  k=8192, us=1000.0),
             dict(shape="M8192_N8192_K8192", impl="jaxkern:unfused", tp=4, m=8192, n=8192,
                  k=8192, us=1000.0)]
  _report.attach_gemm_rs_peers_md(records, "NVIDIA H200")
  assert records[0]["peers_md_torch_nccl_us"] == pytest.approx(1133.0)
  assert "peers_md_torch_nccl_us" not in records[1]
  # PEERS.md measured H200s: records of another kind get no figure to be compared with.
  h100 = [dict(records[0])]
  del h100[0]["peers_md_torch_nccl_us"]
  _report.attach_gemm_rs_peers_md(h100, "NVIDIA H100 80GB HBM3")
  assert "peers_md_torch_nccl_us" not in h100[0]


def test_gemm_reduce_scatter_tuning_rows_pick_by_wall_and_keep_the_span():
  """A table row per (tp, shape) timed on both paths: the faster path by wall clock, the fastest
  fused config, every wall time, and the devices' span beside them (session 51)."""
  from benchmarks._report import gemm_rs_tuning_rows as tuning_rows

  base = dict(shape="M512_N8192_K8192", tp=2, m=512, n=8192, k=8192)
  records = [dict(base, impl="jaxkern:unfused", us=131.94, span_us=89.61),
             dict(base, impl="jaxkern:fused[n256/s4/in/d]", config="n256/s4/in/d", us=179.04,
                  span_us=114.88),
             dict(base, impl="jaxkern:fused[n256/s4/in]", config="n256/s4/in", us=185.0),
             dict(base, shape="M256_N8192_K8192", m=256, impl="jaxkern:unfused", us=99.0)]
  (row,) = tuning_rows(records)     # the M256 shape has no fused time: no row
  assert row["impl"] == "unfused" and row["fused_config"] == "n256/s4/in/d"
  assert row["times_us"] == {"unfused": 131.9, "n256/s4/in/d": 179.0, "n256/s4/in": 185.0}
  assert row["span_us"] == {"unfused": 89.6, "n256/s4/in/d": 114.9}
  assert "sustained_us" not in row     # none timed
  assert row["key"]["tp"] == 2 and row["key"]["m"] == 512
  (held,) = tuning_rows([dict(r, sustained_us=r["us"] * 1.1) for r in records[:2]])
  assert held["sustained_us"] == {"unfused": 145.1, "n256/s4/in/d": 196.9}
  assert held["times_us"] == {"unfused": 131.9, "n256/s4/in/d": 179.0}   # the pick keys on wall
  # A tie (session 60's M1024_N8192_K29568 on 2 H200s) keeps the unfused path and says it is one.
  (tie,) = tuning_rows([dict(base, impl="jaxkern:unfused", us=437.1),
                        dict(base, impl="jaxkern:fused[n256/s4/in/d]", config="n256/s4/in/d", us=437.14)])
  assert tie["impl"] == "unfused" and tie["why"].startswith("level, unfused kept")


def test_gemm_reduce_scatter_rounds_average_each_path_in_alternating_order():
  """--rounds: each path's record is the mean of its runs, both samples kept; a run that failed
  is the record; the fused configs run in reverse order every other round."""
  from benchmarks._report import mean_of_runs, round_order

  base = dict(shape="M4096_N4096_K8192", tp=2, impl="jaxkern:fused[n256/s4/in/d]",
              method="wall, 8 chained calls per dispatch")
  flops = 2.0 * 4096 * 4096 * 8192 / 2     # a rank's, per call
  runs = [dict(base, us=409.1, span_us=222.6, cupti_us=197.5, p10=400.0, p90=420.0, err=2.4e-3,
               tflops=flops / 409.1 / 1e6),
          dict(base, us=299.9, span_us=227.5, cupti_us=198.5, p10=290.0, p90=310.0, err=2.5e-3,
               tflops=flops / 299.9 / 1e6)]
  mean = mean_of_runs(runs)
  assert mean["us"] == pytest.approx(354.5) and mean["span_us"] == pytest.approx(225.05)
  # The rate at the mean time (not the mean of the rates, 2.4% higher here).
  assert mean["cupti_us"] == pytest.approx(198.0)
  assert mean["tflops"] == pytest.approx(flops / 354.5 / 1e6)
  assert (mean["p10"], mean["p90"], mean["err"]) == (290.0, 420.0, 2.5e-3)
  assert mean["samples_us"] == [409.1, 299.9] and mean["samples_span_us"] == [222.6, 227.5]
  assert mean["method"] == "wall, 8 chained calls per dispatch, mean of 2 runs"
  assert "sustained_us" not in mean
  failed = dict(base, us=None, note="wrong result")
  assert mean_of_runs([runs[0], failed]) is failed
  assert mean_of_runs(runs[:1]) is runs[0]
  paths = [("unfused", None), ("fused", "d"), ("fused", "t"), ("fused", "k4")]
  assert round_order(paths, 0) == paths
  assert round_order(paths, 1) == [("unfused", None), ("fused", "k4"), ("fused", "t"),
                                      ("fused", "d")]


def test_gemm_reduce_scatter_plot_is_the_crossover(tmp_path):
  """GEMM + reduce-scatter results plot as their crossover (unfused over the fastest fused time
  against M per (N, K), a panel per tp), fused configs included: until session 64 `replot` drew
  only the unfused bars (it drops "impl[config]" records, which every fused record is)."""
  from benchmarks import _report

  def rec(m, impl, us, **extra):
    config = {"config": impl[len("jaxkern:fused["):-1]} if "[" in impl else {}
    return dict(shape=f"M{m}_N4096_K4096", tp=2, m=m, n=4096, k=4096, impl=impl, us=us, **config,
                **extra)
  records = [rec(256, "jaxkern:unfused", 90.0, span_us=50.0),
             rec(256, "jaxkern:fused[n256/s4/in/d]", 120.0, span_us=80.0),
             rec(8192, "jaxkern:unfused", 450.0, span_us=350.0, sustained_us=460.0),
             rec(8192, "jaxkern:fused[n256/s4/in/d]", 330.0, span_us=245.0, sustained_us=400.0),
             rec(8192, "jaxkern:fused[n256/s4/in]", 300.0),
             rec(1024, "jaxkern:unfused", 100.0)]                  # no fused time: no point
  assert _report.gemm_rs_speedups(records) == {2: {(4096, 4096): [(256, 0.75), (8192, 1.5)]}}
  assert _report.gemm_rs_speedups(records, "span_us") == {
      2: {(4096, 4096): [(256, 50.0 / 80.0), (8192, 350.0 / 245.0)]}}
  assert _report.gemm_rs_speedups(records, "sustained_us") == {2: {(4096, 4096): [(8192, 1.15)]}}
  path = tmp_path / "gemm_reduce_scatter_sweep.json"
  path.write_text(json.dumps({"records": records}))
  assert _report.replot(str(path), title="t") == path.with_suffix(".png")
  assert path.with_suffix(".png").stat().st_size > 0


def test_attention_shape_sets_name_the_peers_hd128_both_or_the_benchmarks_small_ones():
  """jaxkern.shapes.attention_shape_set (both attention benchmarks' --shapes): "all" is the
  PEERS.md set then the head_dim 128 one, "small" the benchmark's own; another name is an
  error naming the sets."""
  from jaxkern.shapes import ATTENTION_SHAPES, HD128_ATTENTION_SHAPES, attention_shape_set
  small = (AttentionShape("s", 1, 8, 0, num_q_heads=2, num_kv_heads=1, head_dim=64),)
  assert attention_shape_set("seed", small) == ATTENTION_SHAPES
  assert attention_shape_set("hd128", small) == HD128_ATTENTION_SHAPES
  assert attention_shape_set("all", small) == ATTENTION_SHAPES + HD128_ATTENTION_SHAPES
  assert attention_shape_set("small", small) == small
  with pytest.raises(ValueError, match="'mixed'.*'all', 'hd128', 'seed', 'small'"):
    attention_shape_set("mixed", small)


def test_only_flag_selects_named_shapes_and_rejects_unknown_ones():
  from absl import app
  from benchmarks import _report
  from jaxkern.shapes import ATTENTION_SHAPES
  assert _report.only(ATTENTION_SHAPES, []) == list(ATTENTION_SHAPES)
  picked = _report.only(ATTENTION_SHAPES, ["chunk_8x512_p0", "prefill_long"])
  assert [s.name for s in picked] == ["prefill_long", "chunk_8x512_p0"]   # the set's order
  with pytest.raises(app.UsageError, match="chunk_8x512"):
    _report.only(ATTENTION_SHAPES, ["chunk_8x512"])


def test_kernel_jaxprs_traces_and_compares(tmp_path):
  """The refactor check (benchmarks/kernel_jaxprs.py) traces kernel builds on CPU and compares
  two tags' texts; with --lowered it fingerprints their CUDA export instead."""
  run = lambda *args: subprocess.run(
      [sys.executable, "-m", "benchmarks.kernel_jaxprs", f"--out={tmp_path}", *args],
      capture_output=True, text=True, timeout=600, env={"JAX_PLATFORMS": "cpu", "PATH": ""})
  traced = run("--tag=x", "--only=a8_0,g3")
  assert traced.returncode == 0, traced.stderr[-3000:]
  assert sorted(p.name for p in (tmp_path / "x").glob("*.txt")) == ["a8_0.txt", "g3.txt"]
  (tmp_path / "y").mkdir()
  (tmp_path / "y" / "a8_0.txt").write_text((tmp_path / "x" / "a8_0.txt").read_text())
  (tmp_path / "y" / "g3.txt").write_text("changed")
  (tmp_path / "x_l").mkdir()            # another tag that starts with this one's name: not
  (tmp_path / "x_l" / "g3.txt").write_text("other")     # compared (session 70 found it was)
  compared = run("--compare=x,y")
  assert compared.returncode == 0, compared.stderr[-3000:]
  assert "1 of 2 identical; differ or missing in y: g3" in compared.stdout
  lowered = run("--tag=z", "--only=g3", "--lowered")     # the CUDA export, Mosaic GPU included
  assert lowered.returncode == 0 and "FAILED" not in lowered.stdout, lowered.stderr[-3000:]
  assert "mosaic_gpu" in (tmp_path / "z" / "g3.txt").read_text()


def test_configs_variant_passes_vary_the_fastest_config_only():
  """grouped_gemm_configs --bands / --lhs_boxes / --segment_stores: the fastest config that ran,
  with each other band (lhs_boxes, segment_stores); a value the config refuses is left out
  (segment_stores='rows' on row tiles), and a config the problem refuses (row stores at an N of
  partial 64-column tiles)."""
  code = """
from benchmarks.grouped_gemm_configs import variants
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C
slow, fast, broken = C(block_m=128), C(block_m=64, split="n"), C(block_n=128)
timed = [({"us": 9.0}, slow), ({"us": 5.0}, fast), ({"us": None}, broken)]
print([(c.block_m, c.band) for c in variants(timed, "band", [1, 8, 2])])
print(variants([({"us": None}, slow)], "band", [1]))
print([(c.block_m, c.band, c.lhs_boxes) for c in variants(timed, "lhs_boxes", ["one", "exact"])])
print(variants(timed, "segment_stores", ["rows"]))
groups = [({"us": 3.0}, C(block_m=64, split="n", tiles="groups"))] + timed
print([c.segment_stores for c in variants(groups, "segment_stores", ["swizzled", "rows"])])
from jaxkern.rules.grouped_gemm import GroupedGemmProblem, pallas_unsupported_reason
for n in (1440, 1536):   # gpt-oss tp 2's N/2 (not whole 64 columns), and one that is
  p = GroupedGemmProblem(layout="contiguous", num_groups=128, m=1056, k=2880, n=n,
                         dtype="bfloat16", out_dtype="bfloat16", activation=None, rhs_layout="nk")
  print([c.segment_stores for c in variants(groups, "segment_stores", ["rows"],
                                            refused=lambda c: pallas_unsupported_reason(p, c))])
"""
  assert _python(code).split("\n")[:7] == ["[(64, 1), (64, 2)]", "[]", "[(64, 8, 'exact')]", "[]",
                                         "['rows']", "[]", "['rows']"]


def test_configs_tuning_row_reason_names_the_runners_up():
  """grouped_gemm_configs' table row says the fastest config's time and the next ones' (at most
  `runners_up`, fastest first), so a row shows how decisive its pick was."""
  code = """
from benchmarks.grouped_gemm_configs import fastest_why
ours = [{"impl": "pallas/m128/n256/s4/m/b8", "us": 9.04}, {"impl": "pallas/m64/n128/s6/n/b1", "us": 5.0},
        {"impl": "pallas/m128/n128/s5/m/b1/groups", "us": 7.25}]
print(fastest_why("S", ours))
print(fastest_why("S", ours, runners_up=1))
print(fastest_why("S", ours[:1]))
"""
  assert _python(code).split("\n")[:3] == [
      "fastest of 3 kernel configs on S: m64/n128/s6/n/b1 5.0 us; then "
      "m128/n128/s5/m/b1/groups 7.2, m128/n256/s4/m/b8 9.0",
      "fastest of 3 kernel configs on S: m64/n128/s6/n/b1 5.0 us; then m128/n128/s5/m/b1/groups 7.2",
      "fastest of 1 kernel configs on S: m128/n256/s4/m/b8 9.0 us"]


def test_ab_reason_gives_each_rounds_call_and_kernel_times():
  """grouped_gemm_configs.ab_why: a tuning row's reason from an A/B run's records (one per shape,
  variant and round, in any order) gives both variants' call and kernel µs in round order, and
  a variant the run did not time is an error, not an empty reason."""
  code = """
from benchmarks.grouped_gemm_configs import ab_times, ab_why
recs = [dict(shape=s, variant=v, round=r, us=us, kernel_us=us - 4.0)
        for s, v, r, us in [("S", "new", 1, 9.04), ("S", "old", 0, 11.0), ("S", "new", 0, 9.0),
                            ("S", "old", 1, 11.26), ("T", "new", 0, 1.0)]]
print(ab_times(recs, "S", "new"))
print(ab_why(recs, "S", "new", "old", against="for the old row", source="run1/ab.json"))
try:
  ab_why(recs, "T", "new", "old", against="x", source="y")
except ValueError as e:
  print("error:", e)
joined = [dict(r, process=r["round"]) for r in recs]   # as joined_rounds tags two runs' rounds
print(ab_why(joined, "S", "new", "old", against="A", source="B").split(", in ")[1])
"""
  assert _python(code).split("\n")[:4] == [
      "([9.0, 9.04], [5.0, 5.039999999999999])",
      "call 9.0 / 9.0 us (kernel 5.0 / 5.0) against 11.0 / 11.3 (7.0 / 7.3) for the old row, in "
      "one process, 2 rounds (run1/ab.json)",
      "error: no records of variant 'old' on T",
      "2 processes, 2 rounds (B)"]


def test_joined_rounds_keep_only_the_complete_rounds_of_each_run():
  """grouped_gemm_configs.joined_rounds (merge scripts joining A/B runs cut by their limit):
  only the rounds in which every named variant ran, renumbered across the runs in order; other
  shapes and variants left out; a ValueError where no round is complete."""
  code = """
from benchmarks.grouped_gemm_configs import joined_rounds
rec = lambda v, r, us, s="S": dict(shape=s, variant=v, round=r, us=us, kernel_us=us - 1)
run1 = [rec("old", 0, 10.0), rec("new", 0, 9.0), rec("x", 0, 8.0), rec("old", 1, 10.1)]
run2 = [rec("new", 0, 9.1), rec("old", 0, 10.2), rec("old", 1, 10.3), rec("new", 1, 9.3),
        rec("new", 0, 1.0, s="T")]
for r in joined_rounds([run1, run2], "S", ("new", "old")):
  print(r["round"], r["variant"], r["us"])
try:
  joined_rounds([run1[3:]], "S", ("new", "old"))
except ValueError as e:
  print("error:", e)
"""
  assert _python(code).split("\n")[:7] == [
      "0 old 10.0", "0 new 9.0", "1 new 9.1", "1 old 10.2", "2 old 10.3", "2 new 9.3",
      "error: no round of S timed all of ('new', 'old')"]


def test_ab_row_changes_the_table_row_only_where_the_new_variant_won_every_round():
  """grouped_gemm_configs.ab_row (the sessions' merge scripts): the committed H200 table's row
  with the changes, where the A/B's new variant beat the old by at least 0.1% of kernel time in
  every round (its us the new calls' mean, its why the A/B and the row's earlier why); None
  where one round did not; a ValueError where the row has the changes already or lacks what the
  run expected of it."""
  code = """
from benchmarks.grouped_gemm_configs import ab_row
recs = [dict(shape="S", variant=v, round=r, us=us, kernel_us=us - 4.0)
        for v, r, us in [("new", 0, 9.0), ("new", 1, 9.2), ("old", 0, 11.0), ("old", 1, 11.2),
                         ("tie", 0, 11.0), ("tie", 1, 11.195)]]
kw = dict(what="W", against="A", source="run1", date="D")
row = ab_row(recs, "Gm_decode_dn", "S", "new", "old", changes=dict(num_stages=5), **kw)
print(row["config"]["num_stages"], row["config"]["block_n"], row["us"], row["date"])
print(row["why"].startswith("W: call 9.0 / 9.2 us (kernel 5.0 / 5.2) against 11.0 / 11.2"),
      "; before: " in row["why"])
print(ab_row(recs, "Gm_decode_dn", "S", "tie", "old", changes=dict(num_stages=5), **kw))
for bad in (dict(changes=dict(segment_stores="rows")),
            dict(changes=dict(num_stages=5), expect=dict(block_n=128))):
  try:
    ab_row(recs, "Gm_decode_dn", "S", "new", "old", **bad, **kw)
  except ValueError as e:
    print("error:", str(e).split(" (")[0].split(": run")[0])
"""
  assert _python(code).split("\n")[:5] == [
      "5 256 9.1 D", "True True", "None",
      "error: Gm_decode_dn's row already has {'segment_stores': 'rows'}",
      "error: Gm_decode_dn's row is not {'block_n': 128}"]


def test_merge_main_runs_the_named_step_or_exits_with_the_doc():
  """grouped_gemm_configs.merge_main (the sessions' merge scripts' command line): the one named
  step runs; no step, an unknown one or two exit with the script's docstring."""
  code = """
from benchmarks.grouped_gemm_configs import merge_main
merge_main("DOC", ["merge", "table"], table=lambda: print("ran table"), records=None)
for argv in (["merge"], ["merge", "nope"], ["merge", "table", "records"]):
  try:
    merge_main("DOC", argv, table=lambda: print("ran again"))
  except SystemExit as e:
    print("exit:", e)
"""
  assert _python(code).split("\n")[:4] == ["ran table", "exit: DOC", "exit: DOC", "exit: DOC"]


def test_bench_records_replace_the_runs_shape_groups(tmp_path):
  """grouped_gemm_configs.bench_records (the sessions' merge scripts' last step): a run's records
  of the named shapes, tagged with the run, replace each (shape, layout, dtype) group of the
  committed results (records of other impls in the group go too), others untouched, the note
  added; a shape the run has no records of is a ValueError. put_records (records a merge script
  joined from several runs) keeps each record's own run, and one without is a ValueError."""
  import json
  rec = lambda shape, impl, us, layout="contiguous": dict(shape=shape, impl=impl, us=us,
                                                          layout=layout, dtype="bfloat16", tp=1)
  (tmp_path / "h200").mkdir()
  (tmp_path / "h200/grouped_gemm.json").write_text(json.dumps(dict(
      environment=dict(note="old"),
      records=[rec("A", "jaxkern:auto", 10.0), rec("A", "gone", 9.0), rec("B", "jaxkern:auto", 5.0),
               rec("A", "jaxkern:auto", 20.0, "masked")])))
  (tmp_path / "run.json").write_text(json.dumps(dict(records=[
      rec("A", "jaxkern:auto", 8.0), rec("A", "peer", 9.5), rec("C", "jaxkern:auto", 1.0)])))
  joined = [dict(rec("B", "jaxkern:auto", 4.0), run="R3"), dict(rec("B", "peer", 6.0), run="R4")]
  code = f"""
import json
from benchmarks.grouped_gemm_configs import bench_records, put_records
bench_records({str(tmp_path / "run.json")!r}, ("A",), run="R1", note="N", results={str(tmp_path)!r})
data = json.load(open({str(tmp_path / "h200/grouped_gemm.json")!r}))
print(data["environment"]["note"])
print([(r["shape"], r["layout"][0], r["impl"], r["us"], r.get("run")) for r in data["records"]])
try:
  bench_records({str(tmp_path / "run.json")!r}, ("A", "B"), run="R2", note="N",
                results={str(tmp_path)!r})
except ValueError as e:
  print("error:", str(e).split(": ", 1)[1])
put_records({joined!r}, note="J", results={str(tmp_path)!r})
data = json.load(open({str(tmp_path / "h200/grouped_gemm.json")!r}))
print([(r["shape"], r["impl"], r["us"], r.get("run")) for r in data["records"] if r["shape"] == "B"])
try:
  put_records({joined!r} + [{rec("C", "jaxkern:auto", 1.0)!r}], note="J",
              results={str(tmp_path)!r})
except ValueError as e:
  print("error:", e)
"""
  assert _python(code, MPLBACKEND="Agg").split("\n")[:5] == [
      "old | N",
      "[('A', 'c', 'jaxkern:auto', 8.0, 'R1'), ('A', 'c', 'peer', 9.5, 'R1'), "
      "('B', 'c', 'jaxkern:auto', 5.0, None), ('A', 'm', 'jaxkern:auto', 20.0, None)]",
      "error: no records of ['B']",
      "[('B', 'jaxkern:auto', 4.0, 'R3'), ('B', 'peer', 6.0, 'R4')]",
      "error: records without their run (tag each with run=)"]


def test_put_records_keeps_the_xla_variants_a_novariants_run_did_not_time(tmp_path):
  """grouped_gemm_configs.put_records(keep_xla_variants=True) (a merge of a --novariants run): a
  replaced group keeps its XLA variants the new records do not time, after them and with their
  own run; one the new records time again is replaced; other impls of the group still go, and
  other groups' variants are untouched."""
  import json
  rec = lambda shape, impl, us, run: dict(shape=shape, impl=impl, us=us, layout="contiguous",
                                          dtype="bfloat16", tp=1, run=run)
  (tmp_path / "h200").mkdir()
  (tmp_path / "h200/grouped_gemm.json").write_text(json.dumps(dict(
      environment=dict(note="old"),
      records=[rec("A", "jaxkern:auto", 10.0, "R0"), rec("A", "jaxkern:xla[tiled/64]", 50.0, "R0"),
               rec("A", "jaxkern:xla[ragged_dot]", 60.0, "R0"), rec("A", "gone", 9.0, "R0"),
               rec("B", "jaxkern:xla[tiled/64]", 70.0, "R0")])))
  new = [rec("A", "jaxkern:auto", 8.0, "R1"), rec("A", "jaxkern:xla[ragged_dot]", 55.0, "R1")]
  code = f"""
import json
from benchmarks.grouped_gemm_configs import put_records
put_records({new!r}, note="N", results={str(tmp_path)!r}, keep_xla_variants=True)
data = json.load(open({str(tmp_path / "h200/grouped_gemm.json")!r}))
print([(r["shape"], r["impl"], r["us"], r["run"]) for r in data["records"]])
"""
  assert _python(code, MPLBACKEND="Agg").split("\n")[:1] == [
      "[('A', 'jaxkern:auto', 8.0, 'R1'), ('A', 'jaxkern:xla[ragged_dot]', 55.0, 'R1'), "
      "('A', 'jaxkern:xla[tiled/64]', 50.0, 'R0'), ('B', 'jaxkern:xla[tiled/64]', 70.0, 'R0')]"]


def test_configs_table_of_times_another_kinds_pick():
  """grouped_gemm_configs --table_of=KIND: the one config KIND's committed table has for the
  key (how session 53 re-timed the H200's picks on an H100), none for a key or kind without a
  row."""
  code = """
from benchmarks.grouped_gemm_configs import table_configs
from jaxkern.rules.grouped_gemm import GroupedGemmProblem
p = GroupedGemmProblem("contiguous", 16, 16384, 7168, 4096, "bfloat16", "bfloat16", None)
print([(c.block_m, c.block_n, c.tiles) for c in table_configs("NVIDIA H200", p)])
print(table_configs("NVIDIA H200", GroupedGemmProblem("contiguous", 16, 16384, 7168, 96,
                                                       "bfloat16", "bfloat16", None)))
print(table_configs("NVIDIA B200", p))
"""
  assert _python(code).split("\n")[:3] == ["[(128, 256, 'groups')]", "[]", "[]"]


def test_replace_records_keeps_order_adds_new_keys_and_notes(tmp_path):
  """A later run's records replace the same (shape, ..., impl) records in place; new ones go
  last; the note is appended; the file ends with a newline."""
  from benchmarks import _report
  path = tmp_path / "op.json"
  old = [dict(shape="a", impl="ours", us=2.0), dict(shape="a", impl="peer", us=3.0),
         dict(shape="b", impl="ours", us=5.0)]
  path.write_text(json.dumps({"environment": {"note": "run 1"}, "records": old}))
  _report.replace_records(path, [dict(shape="b", impl="ours", us=4.0, run="run2"),
                                 dict(shape="c", impl="ours", us=1.0)], note="run 2: b, c")
  data = json.loads(path.read_text())
  assert [(r["shape"], r["impl"], r["us"]) for r in data["records"]] == [
      ("a", "ours", 2.0), ("a", "peer", 3.0), ("b", "ours", 4.0), ("c", "ours", 1.0)]
  assert data["records"][2]["run"] == "run2"
  assert data["environment"]["note"] == "run 1 | run 2: b, c"
  assert path.read_text().endswith("}\n")


def test_replace_records_of_a_retimed_run_must_replace_committed_keys(tmp_path):
  """retimed="some": each record must replace a committed one; "all": every committed one must
  be replaced. A mismatch names the keys and leaves the file as it was."""
  from benchmarks import _report
  path = tmp_path / "op.json"
  old = [dict(shape="a", impl="ours", us=2.0), dict(shape="b", impl="ours", us=5.0)]
  path.write_text(json.dumps({"records": old}))
  with pytest.raises(SystemExit, match="'c'"):
    _report.replace_records(path, [dict(shape="c", impl="ours", us=1.0)], retimed="some")
  with pytest.raises(SystemExit, match="'b'"):
    _report.replace_records(path, [dict(shape="a", impl="ours", us=1.0)], retimed="all")
  assert json.loads(path.read_text())["records"] == old
  _report.replace_records(path, [dict(shape="a", impl="ours", us=1.0)], retimed="some")
  assert [r["us"] for r in json.loads(path.read_text())["records"]] == [1.0, 5.0]


def test_replace_records_by_group_drops_the_groups_other_records(tmp_path):
  """With group=("tp", "shape") a later run replaces each (tp, shape) it timed whole: the earlier
  records of impls it did not time go too (another kernel's configs), its records take the
  group's place, other groups stay, new groups go last."""
  from benchmarks import _report
  path = tmp_path / "op.json"
  old = [dict(shape="a", tp=2, impl="unfused", us=2.0), dict(shape="a", tp=2, impl="f1", us=3.0),
         dict(shape="a", tp=2, impl="f2", us=2.5), dict(shape="a", tp=4, impl="unfused", us=1.0),
         dict(shape="b", tp=2, impl="unfused", us=5.0)]
  path.write_text(json.dumps({"environment": {"note": "run 1"}, "records": old}))
  _report.replace_records(path, [dict(shape="a", tp=2, impl="unfused", us=2.2),
                                 dict(shape="a", tp=2, impl="f2", us=2.1),
                                 dict(shape="c", tp=2, impl="f2", us=9.0)],
                          note="run 2", group=("tp", "shape"))
  data = json.loads(path.read_text())
  assert [(r["shape"], r["tp"], r["impl"], r["us"]) for r in data["records"]] == [
      ("a", 2, "unfused", 2.2), ("a", 2, "f2", 2.1), ("a", 4, "unfused", 1.0),
      ("b", 2, "unfused", 5.0), ("c", 2, "f2", 9.0)]
  assert data["environment"]["note"] == "run 1 | run 2"


def test_replace_records_sorts_by_order(tmp_path):
  """order=: the merged records sorted by that key (the GEMM + RS sweep's `gemm_rs_sweep_order`:
  tp, N, K, M, path), a new group in its place rather than last."""
  from benchmarks import _report
  path = tmp_path / "op.json"
  rec = lambda m, impl, us: dict(shape=f"M{m}", tp=4, m=m, n=8, k=8, impl=impl, us=us)
  path.write_text(json.dumps({"records": [rec(256, "unfused", 1.0), rec(1024, "unfused", 3.0)]}))
  _report.replace_records(path, [rec(512, "unfused", 2.0), rec(512, "fused", 2.5)],
                          group=("tp", "shape"), order=_report.gemm_rs_sweep_order)
  assert [(r["m"], r["impl"]) for r in json.loads(path.read_text())["records"]] == [
      (256, "unfused"), (512, "fused"), (512, "unfused"), (1024, "unfused")]


def test_profile_trace_ranges_nest_and_group_by_warpgroup(tmp_path):
  # A Mosaic GPU profile's begin / end events (ts in kilo-cycles) -> each warpgroup's regions,
  # nested ones included, in begin order, in cycles.
  from benchmarks._mgpu_profile import warpgroup_ranges
  ev = [dict(tid=1, ph="B", name="outer", ts=1.0), dict(tid=2, ph="B", name="wait", ts=0.5),
        dict(tid=1, ph="B", name="inner", ts=1.5), dict(tid=1, ph="E", name="inner", ts=2.0),
        dict(tid=2, ph="E", name="wait", ts=0.75), dict(tid=1, ph="E", name="outer", ts=3.0)]
  path = tmp_path / "trace.json"
  path.write_text(json.dumps({"traceEvents": ev[::-1]}))
  assert warpgroup_ranges(str(path)) == {1: [("outer", 1000.0, 3000.0), ("inner", 1500.0, 2000.0)],
                                         2: [("wait", 500.0, 750.0)]}


def test_profile_region_shares_sum_each_roles_regions_over_its_spans(tmp_path):
  # Two consumers (spans 1000 and 3000 cycles) and a producer: a region's share is its time
  # over its role's summed spans, its mean per occurrence in cycles.
  from benchmarks._mgpu_profile import region_shares
  ev = [dict(tid=1, ph="B", name="wait", ts=0.0), dict(tid=1, ph="E", name="wait", ts=0.5),
        dict(tid=1, ph="B", name="mma", ts=0.5), dict(tid=1, ph="E", name="mma", ts=1.0),
        dict(tid=2, ph="B", name="wait", ts=1.0), dict(tid=2, ph="E", name="wait", ts=4.0),
        dict(tid=3, ph="B", name="free", ts=0.0), dict(tid=3, ph="E", name="free", ts=2.0)]
  path = tmp_path / "trace.json"
  path.write_text(json.dumps({"traceEvents": ev}))
  got = region_shares(str(path), lambda tid: "producer" if tid == 3 else "consumer")
  assert got == {"consumer": {"wait": dict(share=0.875, mean_cycles=1750.0, count=2),
                              "mma": dict(share=0.125, mean_cycles=500.0, count=1)},
                 "producer": {"free": dict(share=1.0, mean_cycles=2000.0, count=1)}}


def test_profiled_trace_restores_what_it_patches(tmp_path):
  # profiled_trace patches plgpu.CompilerParams (kernels that build their own params) and
  # pl.kernel's default (kernels that pass none) while fn runs, then puts both back; a call with
  # no Mosaic kernel leaves no trace.
  from jax.experimental import pallas as pl
  from jax.experimental.pallas import mosaic_gpu as plgpu
  from benchmarks._mgpu_profile import profiled_trace
  kernel, params = pl.kernel, plgpu.CompilerParams
  seen = []

  def fn(x):
    seen.append((plgpu.CompilerParams().profile_space, pl.kernel is kernel))
    return x + 1
  assert profiled_trace(fn, (jnp.ones(4),), str(tmp_path / "prof"), space=7) is None
  assert seen == [(7, False)]          # traced once, under the patches
  assert pl.kernel is kernel and plgpu.CompilerParams is params


def test_ab_configs_clears_caches_when_module_flags_change(monkeypatch):
  # The grouped GEMM's launch is a jit keyed on its static config, not on the kernel module's
  # flags, so an A/B variant that only sets a flag (mosaic.FLAG:value) must clear JAX's caches,
  # and so must going back to the defaults; a variant with the same flags as the kernels in the
  # caches must not (session 39's flag ablations had all timed the unchanged kernel).
  import importlib.util
  import types
  from pathlib import Path
  folder = Path(__file__).parent.parent / "benchmarks/results/logs/grouped_gemm_session20"
  # ab_case (inputs, timing) imports the benchmark modules, whose absl flags clash with those
  # another test's import defined: prepare() needs only its config_runner
  fake = types.ModuleType("ab_case")
  fake.config_runner, fake.interleaved = lambda module, fields: (module, fields), None
  monkeypatch.setitem(sys.modules, "ab_case", fake)
  spec = importlib.util.spec_from_file_location("ab_configs_under_test", folder / "ab_configs.py")
  ab = importlib.util.module_from_spec(spec)
  spec.loader.exec_module(ab)
  from pallas_kernels.grouped_gemm import mosaic
  cleared = []
  monkeypatch.setattr(jax, "clear_caches", lambda: cleared.append(mosaic.GATHER_COLS))
  default = mosaic.GATHER_COLS
  from pallas_kernels.grouped_gemm import plan
  steps = plan.MIN_STREAM_STEPS
  try:
    label, overrides = ab.parse("g64=mosaic.GATHER_COLS:64,block_n:128,check:false")
    assert (label, overrides) == ("g64", {"mosaic.GATHER_COLS": 64, "block_n": 128,
                                          "check": False})
    assert ab.prepare({}) == (mosaic, {})  # no flag known yet: the cached kernels are the defaults'
    assert cleared == []
    assert ab.prepare(overrides) == (mosaic, {"block_n": 128})   # cleared with the flag in place
    ab.prepare(overrides)                 # the same flags again: the cache is right
    assert cleared == [64] and mosaic.GATHER_COLS == 64
    ab.prepare({})                        # back to the default: cleared again
    assert cleared == [64, default] and mosaic.GATHER_COLS == default
    # invalid_rows is a call argument, not a config field, and its variant is checked on the
    # valid rows only; check:false is unchecked, anything else checked in full
    _, unwritten = ab.parse("uw=invalid_rows:unwritten,tiles:groups")
    calls = []
    monkeypatch.setattr(ab, "config_runner",
                        lambda module, fields: lambda *a, **kw: calls.append((fields, kw)))
    ab.prepare(unwritten)(1, config=2)
    assert calls == [({"tiles": "groups"}, {"invalid_rows": "unwritten", "config": 2})]
    assert [ab.check_of(o) for o in (unwritten, overrides, {}, None)] == ["valid", False, True,
                                                                           True]
    # a flag of the plan module (session 68) the same way: set, cleared for, set back
    _, sk = ab.parse("s56=plan.MIN_STREAM_STEPS:56,stream_k:true")
    monkeypatch.setattr(jax, "clear_caches", lambda: cleared.append(plan.MIN_STREAM_STEPS))
    cleared.clear()
    ab.prepare(sk)
    assert plan.MIN_STREAM_STEPS == 56 and cleared == [56]
    ab.prepare({})
    assert plan.MIN_STREAM_STEPS == steps and cleared == [56, steps]
  finally:
    monkeypatch.setattr(mosaic, "GATHER_COLS", default)
    monkeypatch.setattr(plan, "MIN_STREAM_STEPS", steps)


def test_ab_configs_lowers_each_variant_without_running_it(monkeypatch, capsys):
  # AB_LOWER=1 (session 68's review): every variant exported for cuda under the abstract H200
  # mesh as the A/B would call it, a failing one reported (not raised), the flags set back.
  import dataclasses
  import importlib.util
  import types
  from pathlib import Path
  from pallas_kernels.grouped_gemm import GroupedGemmPallasConfig, plan
  from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas
  folder = Path(__file__).parent.parent / "benchmarks/results/logs/grouped_gemm_session20"
  cfg = GroupedGemmPallasConfig(block_m=128, block_n=128, num_stages=2, tiles="groups")
  S = jax.ShapeDtypeStruct
  sets = [(S((200, 64), jnp.bfloat16), S((1, 64, 128), jnp.bfloat16), S((1,), jnp.int32))]
  fake = types.ModuleType("ab_case")      # (the real one's imports clash with absl flags)
  fake.interleaved = None
  fake.case = lambda row: (sets, lambda f, **kw: lambda a, b, g: f(a, b, g, **kw), None, None, 0)
  fake.table_config = lambda call, args: cfg
  fake.config_runner = lambda module, fields: (
      lambda *a, config, **kw: grouped_gemm_pallas(
          *a, config=dataclasses.replace(config, **fields), num_sms=132, **kw))
  monkeypatch.setitem(sys.modules, "ab_case", fake)
  spec = importlib.util.spec_from_file_location("ab_configs_lower", folder / "ab_configs.py")
  ab = importlib.util.module_from_spec(spec)
  spec.loader.exec_module(ab)
  steps = plan.MIN_STREAM_STEPS
  specs = [ab.parse(v) for v in ("table", "bad=tiles:rows,stream_k:true",
                                 "sk=stream_k:true,plan.MIN_STREAM_STEPS:2")]   # flag last
  try:
    failed = ab.lower_all(["tiny"], specs)
    after = plan.MIN_STREAM_STEPS           # lower_all sets the flags back itself
  finally:
    monkeypatch.setattr(plan, "MIN_STREAM_STEPS", steps)
  lines = capsys.readouterr().out.splitlines()
  assert failed == 1 and after == steps
  assert lines[0] == f"tiny: variants start from {cfg}"
  assert lines[1] == "tiny table: ok" and lines[3] == "tiny sk: ok"
  assert lines[2].startswith("tiny bad: FAIL") and "stream_k=True needs tiles='groups'" in lines[2]


def test_vs_best_peer_pairs_ours_with_the_fastest_peer():
  """The pairing `_report.table` prints (and the notebooks plot): per shape and tp, our baseline
  record beside the fastest record not named jaxkern:*, when both ran."""
  from benchmarks import _report
  rec = lambda shape, impl, us, **kw: dict(shape=shape, impl=impl, us=us, **kw)
  records = [rec("a", "jaxkern:auto", 10.0, page_size=16), rec("a", "cudnn", 12.0, page_size=16),
             rec("a", "tokamax", 11.0, page_size=16), rec("a", "jaxkern:xla", 5.0, page_size=16),
             rec("a", "jaxkern:auto", 30.0, page_size=1), rec("a", "cudnn", 20.0, page_size=1),
             rec("b", "jaxkern:auto", 3.0), rec("b", "cudnn", None),
             rec("c", "cudnn", 1.0)]
  pairs = _report.vs_best_peer(records, page_size=16)
  assert [(s, o["us"], p["impl"]) for s, o, p in pairs] == [("a", 10.0, "tokamax")]
  # Without a page size filter each impl's later record of "a" replaces its earlier one (as in
  # `table`: ours 30, cuDNN 20, tokamax still 11); "b" has no peer that ran, "c" no record of ours.
  assert [(s, o["us"], p["us"]) for s, o, p in _report.vs_best_peer(records)] == [("a", 30.0, 11.0)]


def test_configs_cases_of_each_shape_set():
  """grouped_gemm_configs' (shape, layout) pairs: PEERS.md §3 in both layouts where they have
  them, --shape_set n_edge's gpt-oss gate/up shapes contiguous only, with SwiGLU too (gate/up
  shapes only: `GroupedGemmShape.gate_up`), fp8 on PEERS.md's fp8 shapes. (A subprocess: the benchmarks' absl flags
  are one namespace per process.)"""
  code = """
from benchmarks.grouped_gemm_configs import config_cases
from jaxkern.shapes import GROUPED_GEMM_SHAPES, N_EDGE_GROUPED_GEMM_SHAPES
both = ["contiguous", "masked"]
edge = config_cases("n_edge", [], both, fp8=False, activation="swiglu")
print([(s.name, layout) for s, layout in edge]
      == [(s.name, "contiguous") for s in N_EDGE_GROUPED_GEMM_SHAPES])
print(len(config_cases("peers", [], both, fp8=False, activation=None)) - len(GROUPED_GEMM_SHAPES))
print([(s.name, layout) for s, layout in config_cases(
    "peers", ["DS_G4_m256_gu", "DS_G4_m256_dn"], both, fp8=False, activation="swiglu")])
print(len(config_cases("peers", [], ["contiguous"], fp8=True, activation=None)))
"""
  assert _python(code).split("\n")[:4] == [
      "True", "8", "[('DS_G4_m256_gu', 'contiguous'), ('DS_G4_m256_gu', 'masked')]", "5"]


def test_committed_results_sit_where_the_benchmarks_write_them():
  """A benchmark run on a kind writes under benchmarks/results/<kind_dir>/: every committed
  results JSON is in the folder its own environment (device kind and count) names, so a re-run
  lands beside the file it re-measures."""
  import pathlib

  from benchmarks import _report

  root = pathlib.Path(__file__).resolve().parent.parent / "benchmarks" / "results"
  files = sorted(root.glob("*/*.json"))
  assert {p.parent.name for p in files} == {"h100", "h100x4", "h200", "h200x2", "h200x4"}
  for path in files:
    env = json.loads(path.read_text())["environment"]
    assert _report.kind_dir(env["device_kind"], env["device_count"]) == path.parent.name, path


def test_update_tuning_keeps_the_runs_own_rows_to_merge_elsewhere(tmp_path, monkeypatch):
  """--update-tuning writes each row into this checkout's table and into the run's --out copy,
  which holds only the run's rows; `benchmarks.merge_tuning` merges that copy into another
  checkout's tables key by key, leaving the rows the run did not time as they are."""
  from absl import app
  from benchmarks import _report, merge_tuning
  from jaxkern import tuning

  def use_tables(root):
    monkeypatch.setattr(tuning, "_ROOT", root)
    tuning._load.cache_clear()
    tuning.device_kinds.cache_clear()

  kind, op, out = "NVIDIA H200", "some_op", tmp_path / "out"
  row = lambda k, us: {"key": {"m": k}, "us": us}
  use_tables(tmp_path / "device_checkout")
  tuning.write_rows(kind, op, [row(1, 10.0)])                 # committed when the run started
  _report.update_tuning(str(out), kind, op, [row(2, 20.0)])
  path = _report.update_tuning(str(out), kind, op, [row(2, 21.0), row(3, 30.0)])
  assert path == tmp_path / "device_checkout" / "nvidia_h200" / f"{op}.json"
  assert [r["us"] for r in tuning.rows(kind, op)] == [10.0, 21.0, 30.0]
  own = json.loads((out / "tuning" / "nvidia_h200" / f"{op}.json").read_text())
  assert own["op"] == op and own["device_kind"] == kind
  assert [r["us"] for r in own["rows"]] == [21.0, 30.0]         # only this run's rows
  monkeypatch.setattr(_report, "_RUN_TABLES", set())            # a later run, same --out
  _report.update_tuning(str(out), kind, op, [row(4, 40.0)])
  assert [r["us"] for r in json.loads((out / "tuning" / "nvidia_h200" / f"{op}.json").read_text())[
      "rows"]] == [40.0]
  monkeypatch.setattr(_report, "_RUN_TABLES", set())
  _report.update_tuning(str(out), kind, op, [row(2, 21.0), row(3, 30.0)])

  use_tables(tmp_path / "home_checkout")                        # meanwhile row 1 was re-timed
  tuning.write_rows(kind, op, [row(1, 11.0), row(2, 19.0)])
  merge_tuning.main(["merge_tuning", str(out)])
  assert [r["us"] for r in tuning.rows(kind, op)] == [11.0, 21.0, 30.0]
  with pytest.raises(app.UsageError, match="no tuning rows"):
    merge_tuning.main(["merge_tuning", str(tmp_path / "home_checkout" / "nvidia_h200")])
  (tmp_path / "bad" / "x").mkdir(parents=True)
  (tmp_path / "bad" / "x" / "y.json").write_text('{"records": []}')
  with pytest.raises(ValueError, match="not a tuning table"):
    tuning.merge_tables(tmp_path / "bad")
  tuning._load.cache_clear()          # nothing read from the temporary tables stays cached
  tuning.device_kinds.cache_clear()
