"""Every candidate Mosaic GPU config of extend attention on the PEERS.md §1 shapes (and head_dim
128 shapes): checked against the float32 reference, then timed, in one process.

  python -m benchmarks.extend_attention_configs [--shapes seed|hd128|small] [--update-tuning]

With --update-tuning the fastest correct config of every shape (and the XLA path's time) is
written to jaxkern/tuning/<device>/extend_attention.json, which the rule reads.
"""

from __future__ import annotations

import dataclasses
import traceback

import jax
import jax.numpy as jnp
from absl import app, flags

from benchmarks import _mgpu_debug, _report, _timing
from jaxkern import tuning
from jaxkern.checks import rel_err
from jaxkern.device import DeviceSpec
from jaxkern.ops.extend_attention import attention_problem
from jaxkern.rules import extend_attention as rule
from jaxkern.shapes import ATTENTION_SHAPES, HD128_ATTENTION_SHAPES, AttentionShape, make_paged_batch
from pallas_kernels.extend_attention import extend_attention_reference
from pallas_kernels.extend_attention.mosaic import (ExtendAttentionPallasConfig,
                                                    extend_attention_pallas)
from pallas_kernels.extend_attention.reference import extend_attention_xla

_SHAPES = flags.DEFINE_enum("shapes", "seed", ["seed", "hd128", "all", "small"], "shape set")
_ONLY = flags.DEFINE_list("only", [], "shape names to run (default: all of the set)")
_PAGE_SIZE = flags.DEFINE_integer("page_size", 16, "cache page size")
_ITERS = flags.DEFINE_integer("iters", 10, "timed iterations (median)")
_UPDATE = flags.DEFINE_bool("update-tuning", False, "write the measured table")
_OUT = flags.DEFINE_string("out", "benchmarks/results", "output folder")

SMALL_SHAPES = (
    AttentionShape("small_prefill", 1, 200, 0, num_q_heads=4, num_kv_heads=2, head_dim=64),
    AttentionShape("small_verify", 4, 4, 100, 64, num_q_heads=4, num_kv_heads=2, head_dim=64),
)
TOL = 2e-2
_FIRST_TRACE = []


def _args(shape: AttentionShape, page_size: int, seed: int):
  seqs = [(shape.prefix, shape.extend)] * shape.num_seqs
  args, max_ext = make_paged_batch(seqs, num_q_heads=shape.num_q_heads,
                                   num_kv_heads=shape.num_kv_heads, head_dim=shape.head_dim,
                                   page_size=page_size, dtype=jnp.bfloat16, seed=seed)
  return args, max_ext


def _run_one(name, fn, arg_sets, ref, iters):
  try:
    out = jax.block_until_ready(fn(*arg_sets[0]))
    err = float(rel_err(out, ref))
    if not err < TOL:
      return dict(name=name, error=err, us=None, note="wrong result")
    t = _timing.time_fn(fn, arg_sets, iters=iters)
    return dict(name=name, error=err, us=t.us, p10=t.p10, p90=t.p90)
  except Exception as e:  # noqa: BLE001  (a config that does not compile is a measurement too)
    if not _FIRST_TRACE:
      _FIRST_TRACE.append(1)
      traceback.print_exc()
    return dict(name=name, error=None, us=None, note=f"{type(e).__name__}: {str(e)[:300]}",
                trace=traceback.format_exc()[-2000:])


def main(argv):
  del argv
  _mgpu_debug.install()
  device = DeviceSpec.current()
  shapes = {"seed": ATTENTION_SHAPES, "hd128": HD128_ATTENTION_SHAPES,
            "all": ATTENTION_SHAPES + HD128_ATTENTION_SHAPES, "small": SMALL_SHAPES}[_SHAPES.value]
  if _ONLY.value:
    shapes = [s for s in shapes if s.name in _ONLY.value]
  records, table = [], []
  for shape in shapes:
    args, max_ext = _args(shape, _PAGE_SIZE.value, 0)
    kw = dict(sliding_window=shape.window, max_extend_len=max_ext)
    ref = extend_attention_reference(*[a.astype(jnp.float32) if a.dtype == jnp.bfloat16 else a
                                       for a in args], **kw)
    arg_sets = [args] + [_args(shape, _PAGE_SIZE.value, s)[0]
                         for s in range(1, _timing.rotations_for(args))]
    problem = attention_problem(*args, sm_scale=None, logit_cap=None, **kw)
    xla_cfg = rule.config_for("xla", problem, device)
    results = [_run_one("xla", jax.jit(lambda *a: extend_attention_xla(*a, **kw, config=xla_cfg)),
                        arg_sets, ref, _ITERS.value)]
    for cfg in rule.candidates(problem, device):
      fn = jax.jit(lambda *a, cfg=cfg: extend_attention_pallas(*a, **kw, config=cfg))
      res = _run_one(rule.config_name(cfg), fn, arg_sets, ref, _ITERS.value)
      res["config"] = dataclasses.asdict(cfg)
      results.append(res)
    ok = [r for r in results if r["us"] is not None]
    best = min(ok, key=lambda r: r["us"]) if ok else None
    floor = rule.floor_us(problem, device)
    for r in results:
      r.pop('trace', None) if r['us'] else None
    for r in results:
      table.append((shape.name, r["name"], f"{r['us']:.1f}" if r["us"] else "-",
                    f"{r['error']:.1e}" if r.get("error") is not None else "-",
                    f"{floor / r['us']:.2f}" if (r["us"] and floor) else "-",
                    r.get("note", "")[:80]))
    records.append(dict(shape=dataclasses.asdict(shape), page_size=_PAGE_SIZE.value,
                        problem=dataclasses.asdict(problem), floor_us=floor, results=results,
                        best=None if best is None else best["name"]))
    for row in table[-len(results):]:
      print(" | ".join(f"{c:<34}" if i < 2 else f"{c:>8}" for i, c in enumerate(row)), flush=True)
    if _UPDATE.value and best is not None:
      tuning.write_rows(device.kind, rule.OP, [rule.tuning_row(problem, results)])
  path = _report.write(_OUT.value, "extend_attention_configs", records)
  print(f"wrote {path}")


if __name__ == "__main__":
  app.run(main)
