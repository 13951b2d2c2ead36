"""GEMM + reduce-scatter over tensor-parallel meshes of the local devices.

  python -m benchmarks.gemm_reduce_scatter [--tp 2,4] [--shapes seed|sweep|small] [--only NAME,...]
      [--impls unfused,fused] [--fused_configs n256/s4/in,...] [--rounds 2] [--update-tuning]
      [--out DIR]
  python -m benchmarks.gemm_reduce_scatter --annotate benchmarks/results/h200x2/gemm_reduce_scatter.json

a [M, K] and b [K, N] (bf16) are split over K across `tp` devices; y = a @ b comes back
reduce-scattered over M. Times are host wall time per call of 8 chained calls in one jit,
compiled once (`_timing.time_chained`), with the mean per-device CUPTI kernel time (cupti_us)
and the devices' profiler span (span_us) beside them; with --sustain_s, the host time per call
dispatched back to back for that long (sustained_us: the GPUs at their power cap). On the H200s
the PEERS.md figure of torch matmul + NCCL (that machine type, another process) is put beside
each row for reference; it is not re-measured here (torch is not reachable from JAX).
"""

from __future__ import annotations

import contextlib
import functools
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from absl import app, flags
from jax.sharding import NamedSharding, PartitionSpec as P

import jaxkern
from benchmarks import _report, _timing
from jaxkern.rules import gemm_reduce_scatter as rs_rule
from jaxkern.shapes import GEMM_RS_SEED_SHAPES, GEMM_RS_SWEEP_SHAPES, GemmRsShape
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig

_TP = flags.DEFINE_list("tp", ["2", "4"], "mesh sizes (those above the device count are skipped)")
_SHAPES = flags.DEFINE_enum("shapes", "seed", ["seed", "sweep", "small"],
                            "seed: PEERS.md §2; sweep: + M 256..16384 x 3 (N, K); small: CPU smoke")
_ONLY = flags.DEFINE_list("only", [], "only these shapes of --shapes, e.g. M4096_N4096_K4096 "
                          "(a sweep split across runs: --update-tuning merges rows by key)")
_OUT = flags.DEFINE_string("out", "benchmarks/results", "output folder")
_ITERS = flags.DEFINE_integer("iters", 20, "timed iterations (median)")
_IMPLS = flags.DEFINE_list("impls", ["unfused", "fused"],
                           "paths to time side by side (each record says which the rule picks)")
_UPDATE = flags.DEFINE_bool("update-tuning", False,
                             "write each (tp, shape)'s faster path and fastest fused config into "
                             "jaxkern/tuning/<device>/gemm_reduce_scatter.json (the rule's table)")
_ANNOTATE = flags.DEFINE_string(
    "annotate", None, "instead of running: add PEERS.md's torch + NCCL figures to the records of "
    "this results JSON (written on a machine that cannot read PEERS.md) and print the table")
_SUSTAIN = flags.DEFINE_float(
    "sustain_s", 0.0, "also time each path dispatched back to back for this many seconds "
    "(sustained_us; 0: not timed): under a long load the H200 runs at its power cap with a lower "
    "clock (session 64), which the 10-dispatch wall clock barely sees")
_ROUNDS = flags.DEFINE_integer(
    "rounds", 1, "time every path of a shape this many times, the fused configs in reverse order "
    "every other round, and record each path's mean (`_report.mean_of_runs`, its samples kept): "
    "under 500 us one path's wall clock can differ by a third between two runs (session 77)")
_FUSED_CONFIGS = flags.DEFINE_list(
    "fused_configs", [], "fused kernel configs to time, by name (GemmRsFusedConfig.name, e.g. "
    "n256/s4/in/d/c2; with --update-tuning only the rule's candidates); empty: the one the rule "
    "gives each shape")

SMALL_SHAPES = (GemmRsShape(64, 128, 256), GemmRsShape(256, 256, 512))


def fused_configs(names: list[str], *, tuning: bool = False) -> list[GemmRsFusedConfig]:
  """The configs named (any `GemmRsFusedConfig.name`; with tuning, only the rule's candidates,
  the configs a table row may name)."""
  try:
    if tuning:
      return [rs_rule.candidate(n) for n in names]
    return [GemmRsFusedConfig.from_name(n) for n in names]
  except (KeyError, ValueError) as e:
    raise app.UsageError(f"--fused_configs: {e.args[0]}") from None


@functools.lru_cache(maxsize=1)
def problem(shape: GemmRsShape, tp: int):
  """(mesh, input sets, the float32 reference of set 0) of one (shape, tp), shared by its paths'
  records (cached: the inputs are drawn once, the reference computed once)."""
  mesh = jax.make_mesh((tp,), ("tp",), devices=jax.devices()[:tp],
                       axis_types=(jax.sharding.AxisType.Explicit,))
  a_sharding, b_sharding = NamedSharding(mesh, P(None, "tp")), NamedSharding(mesh, P("tp", None))

  @functools.partial(jax.jit, out_shardings=(a_sharding, b_sharding))
  def inputs(seed):   # drawn on the devices: host numpy took seconds per set at K = 29568
    ka, kb = jax.random.split(jax.random.key(seed))
    a = jax.random.normal(ka, (shape.m, shape.k), jnp.float32).astype(jnp.bfloat16)
    b = jax.random.normal(kb, (shape.k, shape.n), jnp.float32) / np.sqrt(shape.k)
    return a, b.astype(jnp.bfloat16)
  args = inputs(0)
  sets = [args] + [inputs(s) for s in range(1, _timing.rotations_for(args))]
  ref = jax.jit(lambda a, b: jnp.dot(a, b, preferred_element_type=jnp.float32,
                                     out_sharding=NamedSharding(mesh, P("tp", None))))(*args)
  return mesh, sets, ref


def bench(shape: GemmRsShape, tp: int, iters: int, impl: str,
          config: GemmRsFusedConfig | None = None) -> dict:
  """One (shape, tp, impl[, fused config forced through jaxkern.policy]) record. The path runs
  as 8 chained calls in one jit, compiled once (`_timing.time_chained`): the first call's result
  is checked against the float32 reference before anything is timed."""
  mesh, sets, ref = problem(shape, tp)
  picked = jaxkern.explain(lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh),
                           *sets[0])[0]
  rec = dict(shape=shape.name, impl=f"jaxkern:{impl}", tp=tp, m=shape.m, n=shape.n, k=shape.k,
             rule_pick=picked.impl)
  if config is not None:
    rec.update(impl=f"jaxkern:fused[{config.name}]", config=config.name)
  fn = lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl=impl)
  with (jaxkern.policy(gemm_reduce_scatter=config) if config else contextlib.nullcontext()):
    try:
      choice = jaxkern.explain(fn, *sets[0])[0]
      t = _timing.time_chained(fn, sets, iters=iters, num_devices=tp, sustain_s=_SUSTAIN.value)
    except Exception as e:  # a path that cannot run this shape: recorded, not fatal
      return dict(rec, us=None, note=f"{type(e).__name__}: {e}"[:300])
  if config is not None and choice.config != config:   # never time one config under another's name
    raise RuntimeError(f"{rec['impl']}: the op ran config {choice.config} instead")
  # On the devices: a host-side rel_err would gather 2 x M x N float64 (GiBs at M = 16384).
  out = t.first.astype(jnp.float32)
  rec.update(err=float(jnp.linalg.norm((out - ref).ravel()) / jnp.linalg.norm(ref.ravel())),
             estimate_us=dict(choice.estimate), config=getattr(choice.config, "name", None))
  del out
  if not rec["err"] < 2e-2:
    return dict(rec, us=None, note=f"wrong result (rel err {rec['err']:.3g})")
  # us: host wall time per call of the chain (the fused kernel's CTAs wait on the other ranks,
  # so summed kernel time would count launch skew); cupti_us: mean per-device kernel time;
  # span_us: the devices' timeline from the first kernel start to the last kernel end.
  w = t.wall
  rec.update(us=w.us, p10=w.p10, p90=w.p90, method=w.method,
             cupti_us=t.cupti.us if t.cupti else None, span_us=t.span.us if t.span else None,
             busy_us=list(t.busy) if t.busy else None,
             **({"sustained_us": t.sustained.us} if t.sustained else {}),
             tflops=2.0 * shape.m * shape.n * shape.k / tp / w.us / 1e6)
  return rec


def main(argv):
  del argv
  shapes = {"seed": GEMM_RS_SEED_SHAPES, "sweep": GEMM_RS_SWEEP_SHAPES, "small": SMALL_SHAPES}[
      _SHAPES.value]
  shapes = _report.only(shapes, _ONLY.value)
  if _ANNOTATE.value:   # a run from a machine without ../shared/PEERS.md (the lent GPUs)
    path = pathlib.Path(_ANNOTATE.value)
    data = json.loads(path.read_text())
    _report.attach_gemm_rs_peers_md(data["records"], data["environment"]["device_kind"])
    path.write_text(json.dumps(data, indent=1) + "\n")
    print_table(data["records"])
    print(f"annotated {path}")
    return
  if _ROUNDS.value < 1:
    raise app.UsageError(f"--rounds: at least 1, got {_ROUNDS.value}")
  records = []
  for tp in (int(t) for t in _TP.value):
    if tp > jax.device_count():
      print(f"skipping tp={tp}: only {jax.device_count()} devices")
      continue
    for shape in shapes:
      runs = [(impl, None) for impl in _IMPLS.value
              if not (impl == "fused" and _FUSED_CONFIGS.value)]
      if "fused" in _IMPLS.value:
        runs += [("fused", c) for c in fused_configs(_FUSED_CONFIGS.value,
                                                     tuning=_UPDATE.value)]
      timed = {run: [] for run in runs}
      for round_ in range(_ROUNDS.value):
        for impl, config in _report.round_order(runs, round_):
          timed[impl, config].append(r := bench(shape, tp, _ITERS.value, impl, config))
          print(f"tp={tp} {shape.name} {r['impl']}: wall {_us(r.get('us'))} cupti "
                f"{_us(r.get('cupti_us'))} span {_us(r.get('span_us'))} sustained "
                f"{_us(r.get('sustained_us'))} us {r.get('note', '')}", flush=True)
      records += [_report.mean_of_runs(timed[run]) for run in runs]
      # Written after every shape, so a run cut off by a time limit keeps what it measured.
      _report.write(_OUT.value, "gemm_reduce_scatter", records, num_devices=jax.device_count())
      rows = _report.gemm_rs_tuning_rows(records[-len(runs):])
      if _UPDATE.value and rows:
        print(f"wrote {_report.update_tuning(_OUT.value, jax.devices()[0].device_kind, rs_rule.OP, rows)}")
  _report.attach_gemm_rs_peers_md(records, jax.devices()[0].device_kind)
  path = _report.write(_OUT.value, "gemm_reduce_scatter", records, num_devices=jax.device_count())
  _report.plot_gemm_rs(records, path.with_suffix(".png"), title="GEMM + reduce-scatter (bf16)")
  print_table(records)
  print(f"wrote {path}")


def _us(x) -> str:
  return "-" if x is None else f"{x:.1f}"


def print_table(records: list[dict]) -> None:
  print("| shape | tp | impl | wall us (TFLOP/s per GPU) | cupti us | span us | PEERS.md "
        "torch+NCCL us | torch / ours (wall) |")
  print("|---|---|---|---|---|---|---|---|")
  for r in records:
    torch = r.get("peers_md_torch_nccl_us")
    us = r.get("us")
    ours = f"{us:.1f} ({r['tflops']:.0f})" if us else "n/a"
    theirs = f"{torch:.0f}" if torch else "-"
    ratio = f"{torch / us:.2f}x" if torch and us else "-"
    print(f"| {r['shape']} | {r['tp']} | {r['impl']} | {ours} | {_us(r.get('cupti_us'))} | "
          f"{_us(r.get('span_us'))} | {theirs} | {ratio} |")


if __name__ == "__main__":
  app.run(main)
