"""Mixed prefill + decode batches: one launch against a decode call plus a prefill call.

  python -m benchmarks.extend_attention_mixed [--update-tuning]

For every shape of jaxkern.shapes.MIXED_ATTENTION_SHAPES (decode rows first, described by
jaxkern.MixedBatch) it checks against the float32 reference and times, in one process:
  jaxkern:auto          extend_attention(mixed=...) as the rule plans it
  jaxkern:split         the decode rows and the prefill rows as two calls, each as its rule picks
  jaxkern:one/<config>  one launch over the whole batch with each candidate kernel config
  xla-path              the XLA path over the whole batch (the in-run peer)
With --update-tuning the faster plan (and the fastest one-launch config) are written to
jaxkern/tuning/<device>/extend_attention_mixed.json and extend_attention.json.
"""

from __future__ import annotations

import dataclasses
import functools

import jax
import jax.numpy as jnp
from absl import app, flags

import jaxkern
from benchmarks import _report, _timing
from jaxkern.device import DeviceSpec
from jaxkern.rules import extend_attention as rule
from jaxkern.rules import extend_attention_mixed as mixed_rule
from jaxkern.rules import roofline_us
from jaxkern.shapes import MIXED_ATTENTION_SHAPES, AttentionShape, MixedAttentionShape
from pallas_kernels.extend_attention import extend_attention_reference

_ITERS = flags.DEFINE_integer("iters", 10, "timed iterations (median)")
_SHAPES = flags.DEFINE_enum("shapes", "mixed", ["mixed", "small"], "shape set")
_UPDATE = flags.DEFINE_bool("update-tuning", False, "write the measured plans to the tables")
_OUT = flags.DEFINE_string("out", "benchmarks/results", "output folder")

_small = dict(num_q_heads=4, num_kv_heads=2, head_dim=64)
SMALL_SHAPES = (MixedAttentionShape("small_mix", AttentionShape("small_mix/decode", 3, 1, 40, **_small),
                                    AttentionShape("small_mix/prefill", 1, 24, 0, **_small)),)
DTYPE = jnp.bfloat16
TOL = 2e-2


def bench_shape(shape: MixedAttentionShape, iters: int, device: DeviceSpec):
  args, _ = shape.batch(page_size=16, dtype=DTYPE)
  kw = dict(sliding_window=shape.window, max_extend_len=shape.max_extend)
  mixed = jaxkern.MixedBatch(shape.decode.num_seqs, shape.decode.extend)
  ref = jax.jit(functools.partial(extend_attention_reference, **kw))(*args)
  sets = [args] + [shape.batch(page_size=16, dtype=DTYPE, seed=s)[0]
                   for s in range(1, _timing.rotations_for(args))]
  auto = functools.partial(jaxkern.extend_attention, mixed=mixed, **kw)
  plan_choice = jaxkern.explain(auto, *args)[0]
  mp: mixed_rule.MixedAttentionProblem = plan_choice.problem

  def planned(plan):
    def fn(*a):
      with jaxkern.policy(extend_attention_mixed=plan):
        return auto(*a)
    return fn

  runs = [("jaxkern:auto", auto, None), ("jaxkern:split", planned("split"), None)]
  if device.has_mosaic_gpu:
    runs += [(f"jaxkern:one/{rule.config_name(cfg)}",
              functools.partial(jaxkern.extend_attention, config=cfg, **kw), cfg)
             for cfg in rule.candidates(mp.whole, device)]
  runs.append(("xla-path", functools.partial(jaxkern.extend_attention, impl="xla", **kw), None))
  floor = roofline_us(shape.causal_flops, shape.min_bytes(), device)
  records = []
  for name, fn, cfg in runs:
    rec = dict(shape=shape.name, impl=name, tp=1, flops=shape.causal_flops, floor_us=floor,
               plan=plan_choice.impl if name == "jaxkern:auto" else None,
               config=None if cfg is None else dataclasses.asdict(cfg))
    rec = _timing.checked_time(rec, fn, ref, sets, tol=TOL, iters=iters)
    if rec.get("us"):
      rec["tflops"] = shape.causal_flops / rec["us"] / 1e6
    records.append(rec)
    print(f"{shape.name:<26} {name:<36} "
          f"{rec['us'] if rec.get('us') else float('nan'):9.1f} us  {rec.get('note', '')[:60]}",
          flush=True)
  return records, mp


def _tuning_rows(records, mp: mixed_rule.MixedAttentionProblem):
  """The plan row (split vs the best one-launch config) and the one-launch config row."""
  ok = [r for r in records if r.get("us")]
  split = next((r["us"] for r in ok if r["impl"] == "jaxkern:split"), None)
  one = [r for r in ok if r["impl"].startswith("jaxkern:one/")]
  if split is None or not one:
    return [], []
  best = min(one, key=lambda r: r["us"])
  plans = {"split": split, "one": best["us"]}
  plan_row = {"key": mp.table_key, "plan": min(plans, key=plans.get), "plans": plans}
  xla = next((r["us"] for r in ok if r["impl"] == "xla-path"), None)
  config_row = {"key": mp.whole.table_key, "impl": "pallas", "config": best["config"],
                "us": best["us"], "xla_us": xla}
  return [plan_row], [config_row]


def main(argv):
  del argv
  device = DeviceSpec.current()
  shapes = MIXED_ATTENTION_SHAPES if _SHAPES.value == "mixed" else SMALL_SHAPES
  records = []
  for shape in shapes:           # results are written after every shape
    recs, mp = bench_shape(shape, _ITERS.value, device)
    records += recs
    path = _report.write(_OUT.value, "extend_attention_mixed", records)
    plan_rows, config_rows = _tuning_rows(recs, mp)
    if _UPDATE.value and plan_rows:
      _report.update_tuning(_OUT.value, device.kind, mixed_rule.OP, plan_rows)
      _report.update_tuning(_OUT.value, device.kind, rule.OP, config_rows)
  _report.plot(records, path.with_suffix(".png"), title="mixed prefill + decode (bf16, page 16)")
  impls = ["jaxkern:auto", "jaxkern:split"] + sorted(
      {r["impl"] for r in records if r["impl"].startswith("jaxkern:one/")}) + ["xla-path"]
  print(_report.table(records, rate_key="tflops", baseline="jaxkern:auto", columns=impls))
  print(f"wrote {path}")


if __name__ == "__main__":
  app.run(main)
