"""Review of session 51: the figures its NOTES, closing note and the held-out test's docstring
give for the GEMM + RS rule on the committed H100 table, each H100 row held out of the table
(and of the model's fit) in turn, as tests/sharding/test_gemm_rs_fused.py's held-out test does:
  rule now        the rule as committed (calibration per tp on relative error; a sibling row
                  timed on an earlier fused kernel lends no config);
  rule 2d699da    the rule before session 51 (one absolute least-squares line over all tps; the
                  first sibling row lends its config, stale or not), loaded from git;
  formula abs     the model alone (no sibling rows), one absolute line over all tps;
  formula rel/tp  the model alone, per tp on relative error (what `calibration` now fits).
For each: picks within 5% of the row's faster path, of those timed; the worst; picks of a
config the row did not time. From the repository root, CPU:
PYTHONPATH=. python3 benchmarks/results/logs/review_session51/rule_fits.py"""
import subprocess, sys, types

import numpy as np

import sharding.gemm_rs as grs
from jaxkern import tuning
from jaxkern.device import DeviceSpec
from jaxkern.rules import gemm_reduce_scatter as rule

H100 = DeviceSpec.for_kind("NVIDIA H100 80GB HBM3")


def load_rule(commit: str):
  """The rule module as of `commit`, as a module of its own (the op's chooser restored after)."""
  src = subprocess.run(["git", "show", f"{commit}:jaxkern/rules/gemm_reduce_scatter.py"],
                       check=True, capture_output=True, text=True).stdout
  mod = types.ModuleType(f"rule_{commit}")
  sys.modules[mod.__name__] = mod      # dataclasses look their module up while they are made
  exec(compile(src, mod.__name__, "exec"), mod.__dict__)
  grs.set_chooser(rule._choose_in_shard_map)
  return mod


def held_out(pick):
  """pick(held row, the other rows) -> name of the path picked ("unfused" or a config)."""
  rows = tuning.rows(H100.kind, rule.OP)
  regrets, untimed = [], []
  for held in rows:
    name = pick(held, [r for r in rows if r is not held])
    times = held["times_us"]
    if name not in times:
      untimed.append((held["shape"], held["key"]["tp"], name))
    else:
      regrets.append((times[name] / min(times.values()), held["shape"], held["key"]["tp"]))
  within = sum(r <= 1.05 for r, *_ in regrets)
  worst = max(regrets)
  return f"{within} of {len(regrets)} timed picks within 5%, worst {worst[0]:.3f}x ({worst[1]} tp {worst[2]}); untimed {len(untimed)}"


def via_rule(mod):
  def pick(held, others):
    real_rows, real_lookup = tuning.rows, tuning.lookup
    tuning.rows = lambda kind, op: tuple(r for r in real_rows(kind, op) if r is not held)
    tuning.lookup = lambda kind, op, key: (None if kind == H100.kind and dict(key) == held["key"]
                                           else real_lookup(kind, op, key))
    try:
      k = held["key"]
      p = mod.GemmReduceScatterProblem(m=k["m"], n=k["n"], k=k["k"], dtype=k["dtype"], tp=k["tp"])
      c = mod.choose(p, H100)
      return "unfused" if c.impl == "unfused" else c.config.name
    finally:
      tuning.rows, tuning.lookup = real_rows, real_lookup
  return pick


def via_formula(relative: bool, per_tp: bool):
  def fit(pts, tp):
    pts = np.asarray([p for p in pts if p[0] == tp] if per_tp else pts, np.float64)
    _, x, y = pts.T
    w = 1 / y if relative else np.ones_like(y)
    a, b = np.linalg.lstsq(np.stack([x * w, w], 1), y * w, rcond=None)[0]
    return a, b

  def pick(held, others):
    pts = rule._measured_points(H100, others)
    k = held["key"]
    p = rule.GemmReduceScatterProblem(m=k["m"], n=k["n"], k=k["k"], dtype=k["dtype"], tp=k["tp"])
    model = rule.model_us(p, H100, rule.DEFAULT_FUSED)
    est = {path: np.dot(fit(pts[path], p.tp), (model[path], 1.0)) for path in model}
    return "unfused" if est["unfused"] <= est["fused"] else rule.DEFAULT_FUSED.name
  return pick


if __name__ == "__main__":
  print("rule now      :", held_out(via_rule(rule)))
  print("rule 2d699da  :", held_out(via_rule(load_rule("2d699da"))))
  print("formula abs   :", held_out(via_formula(relative=False, per_tp=False)))
  print("formula rel/tp:", held_out(via_formula(relative=True, per_tp=True)))
