"""Every candidate Mosaic GPU config of extend attention on the PEERS.md §1 shapes (and head_dim
128 shapes): checked against the float32 reference, then timed, in one process.

  python -m benchmarks.extend_attention_configs [--shapes seed|hd128|small] [--update-tuning]

With --update-tuning the fastest correct config of every shape (and the XLA path's time) is
written to jaxkern/tuning/<device>/extend_attention.json, which the rule reads.
"""

from __future__ import annotations

import dataclasses

import jax.numpy as jnp
from absl import app, flags

from benchmarks import _mgpu_debug, _report, _timing
from jaxkern import tuning
from jaxkern.device import DeviceSpec
from jaxkern.ops.extend_attention import attention_problem
from jaxkern.rules import extend_attention as rule
from jaxkern.rules import roofline_us
from jaxkern.shapes import AttentionShape, attention_shape_set
from pallas_kernels.extend_attention import extend_attention_reference
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
from pallas_kernels.extend_attention.reference import extend_attention_xla

_SHAPES = flags.DEFINE_enum("shapes", "seed", ["seed", "hd128", "all", "small"], "shape set")
_ONLY = flags.DEFINE_list("only", [], "shape names to run (default: all of the set)")
_CONFIGS = flags.DEFINE_list("configs", [], "only configs whose name contains one of these "
                             "(e.g. global/c2/kv64/s2)")
_BREAKDOWN = flags.DEFINE_bool("breakdown", False, "print each config's per-kernel device times")
_PAGE_SIZE = flags.DEFINE_integer("page_size", 16, "cache page size")
_ITERS = flags.DEFINE_integer("iters", 10, "timed iterations (median)")
_XLA = flags.DEFINE_bool("xla", True, "also time the XLA path (--noxla: kernel configs only; "
                         "--update-tuning then keeps the table's XLA time)")
_UPDATE = flags.DEFINE_bool("update-tuning", False, "write the measured table")
_OUT = flags.DEFINE_string("out", "benchmarks/results", "output folder")

SMALL_SHAPES = (
    AttentionShape("small_prefill", 1, 200, 0, num_q_heads=4, num_kv_heads=2, head_dim=64),
    AttentionShape("small_verify", 4, 4, 100, 64, num_q_heads=4, num_kv_heads=2, head_dim=64),
)
TOL = 2e-2


def main(argv):
  del argv
  _mgpu_debug.install()
  device = DeviceSpec.current()
  shapes = _report.only(attention_shape_set(_SHAPES.value, SMALL_SHAPES), _ONLY.value)
  records = []
  for shape in shapes:
    args, max_ext = shape.batch(page_size=_PAGE_SIZE.value, dtype=jnp.bfloat16)
    kw = dict(sliding_window=shape.window, max_extend_len=max_ext)
    ref = extend_attention_reference(*[a.astype(jnp.float32) if a.dtype == jnp.bfloat16 else a
                                       for a in args], **kw)
    arg_sets = [args] + [shape.batch(page_size=_PAGE_SIZE.value, dtype=jnp.bfloat16, seed=s)[0]
                         for s in range(1, _timing.rotations_for(args))]
    problem = attention_problem(*args, sm_scale=None, logit_cap=None, **kw)
    xla_cfg = rule.config_for("xla", problem, device)
    runs = [("xla", None, lambda *a: extend_attention_xla(*a, **kw, config=xla_cfg))
            ] if _XLA.value else []
    runs += [(rule.config_name(cfg), cfg,
              lambda *a, cfg=cfg: extend_attention_pallas(*a, **kw, config=cfg))
             for cfg in rule.candidates(problem, device)
             if not _CONFIGS.value or any(c in rule.config_name(cfg) for c in _CONFIGS.value)]
    results = [_timing.checked_time(
        dict(name=name, config=None if cfg is None else dataclasses.asdict(cfg)), fn, ref,
        arg_sets, tol=TOL, iters=_ITERS.value) for name, cfg, fn in runs]
    floor = roofline_us(shape.causal_flops, shape.min_bytes(), device)  # as benchmarks.extend_attention
    for r in results:
      cells = (shape.name, r["name"], f"{r['us']:.1f}" if r["us"] else "-",
               f"{r['err']:.1e}" if r.get("err") is not None else "-",
               f"{floor / r['us']:.2f}" if (r["us"] and floor) else "-", r.get("note", "")[:80])
      print(" | ".join(f"{c:<34}" if i < 2 else f"{c:>8}" for i, c in enumerate(cells)), flush=True)
      if _BREAKDOWN.value:
        for kernel, us in list(r.get("kernels", {}).items())[:8]:
          print(f"    {us:9.1f} us  {kernel[:100]}")
    ok = [r for r in results if r["us"] is not None]
    records.append(dict(shape=dataclasses.asdict(shape), page_size=_PAGE_SIZE.value,
                        problem=dataclasses.asdict(problem), floor_us=floor, results=results,
                        best=min(ok, key=lambda r: r["us"])["name"] if ok else None))
    if _UPDATE.value and ok:
      # --noxla: the XLA path's time is carried over from the row being replaced, as is its
      # deal_waves where the best config stays (no candidate varies it)
      old = tuning.lookup(device.kind, rule.OP, problem.table_key)
      _report.update_tuning(_OUT.value, device.kind, rule.OP, [rule.tuning_row(
          problem, results, replaced=old,
          xla_us=old.get("xla_us") if old and not _XLA.value else None)])
  path = _report.write(_OUT.value, "extend_attention_configs", records)
  print(f"wrote {path}")


if __name__ == "__main__":
  app.run(main)
