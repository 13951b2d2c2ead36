"""Every candidate Mosaic GPU config of the grouped GEMM on the PEERS.md §3 shapes (contiguous
and masked layouts), beside JAX's ragged_dot_mgpu and tokamax in the same process; every output
checked against the float32 reference before it is timed.

  python -m benchmarks.grouped_gemm_configs [--only NAME,...] [--layouts contiguous,masked]
      [--configs m128/n256] [--activation swiglu] [--iters 20] [--update-tuning]

Prints one line per (shape, config) with µs, TFLOP/s of valid rows and TB/s of minimum bytes,
then a table of the best kernel config, our XLA path and the best config of each peer with our
ratio to the best peer, and writes <out>/<device>/grouped_gemm_configs.json (+ .png of that
table). The XLA path the rule would otherwise pick
runs in the same process; with --update-tuning the fastest kernel config of every shape and
that XLA time go to jaxkern/tuning/<device>/grouped_gemm_pallas.json, which the rule reads.
"""

from __future__ import annotations

import dataclasses
import functools

import jax
import numpy as np
from absl import app, flags

import jaxkern

from benchmarks import _mgpu_debug, _report
# Flags --iters, --out and --layouts are grouped_gemm's (one absl flag namespace).
from benchmarks.grouped_gemm import (_ITERS, _LAYOUTS, _OUT, _UPDATE, _inputs, _rates, _time,
                                     peer_records)
from jaxkern import tuning
from jaxkern.device import DeviceSpec
from jaxkern.rules import grouped_gemm as rule
from jaxkern.shapes import GROUPED_GEMM_SHAPES, MASKED_GROUPED_GEMM_SHAPES
from pallas_kernels.grouped_gemm import grouped_gemm_reference, grouped_gemm_xla
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas

_ONLY = flags.DEFINE_list("only", [], "shape names to run (default: all)")
_CONFIGS = flags.DEFINE_list("configs", [], "only configs whose name contains one of these")
_PEERS = flags.DEFINE_bool("peers", True, "also time ragged_dot_mgpu and tokamax (contiguous)")
_ACTIVATION = flags.DEFINE_enum("activation", None, ["swiglu"],
                                "fuse this epilogue (gate/up shapes only; no peer fuses it, so "
                                "peers are not run)")


def config_name(cfg) -> str:
  return (f"pallas/m{cfg.block_m}/n{cfg.block_n}/s{cfg.num_stages}/{cfg.split}/b{cfg.band}"
          + ("/groups" if cfg.tiles == "groups" else ""))


def summary(records: list[dict]) -> list[dict]:
  """Per shape, the fastest record of each family: our kernel ("jaxkern:pallas", its config in
  "config"), our XLA path ("jaxkern:xla") and each peer (best of its configs)."""
  best: dict[tuple[str, str], dict] = {}
  for r in records:
    impl = ("jaxkern:pallas" if r["impl"].startswith("pallas/") else
            "jaxkern:xla" if r["impl"] == "xla" else r["impl"])
    key = (r["shape"], impl)
    if key not in best or (r.get("us") and (not best[key].get("us") or r["us"] < best[key]["us"])):
      best[key] = dict(r, impl=impl)
  return list(best.values())


def print_summary(records: list[dict], png) -> None:
  rows = summary(records)
  columns = [c for c in ("jaxkern:pallas", "jaxkern:xla", "ragged_dot_mgpu", "tokamax_mosaic")
             if any(r["impl"] == c for r in rows)]
  print(_report.table(rows, rate_key="tflops", baseline="jaxkern:pallas", columns=columns))
  _report.plot(rows, png, title="grouped GEMM, bf16: best kernel config vs XLA and peers")


def main(argv):
  del argv
  _mgpu_debug.install()
  device = DeviceSpec.current()
  shapes = [s for s in GROUPED_GEMM_SHAPES if not _ONLY.value or s.name in _ONLY.value]
  records, tuning_rows = [], []
  act = _ACTIVATION.value
  gemm = functools.partial(jaxkern.grouped_gemm, activation=act)
  for shape in shapes:
    for layout in _LAYOUTS.value:
      masked = layout == "masked"
      if layout not in ("contiguous", "masked") or (
          masked and shape.name not in MASKED_GROUPED_GEMM_SHAPES) or (
          act and not shape.name.endswith("_gu")):
        continue
      args_fn = functools.lru_cache(maxsize=None)(
          lambda s, masked=masked, shape=shape: _inputs(shape, s, masked=masked))
      lhs, rhs, sizes = args_fn(0)
      ref_fn = functools.partial(grouped_gemm_reference, activation=act)
      if masked:
        ref = jax.jit(lambda a, b, m: ref_fn(a, b, masked_m=m))(lhs, rhs, sizes)
        problem = jaxkern.explain(lambda a, b, m: gemm(a, b, masked_m=m), lhs, rhs,
                                  sizes)[0].problem
      else:
        ref = jax.jit(ref_fn)(lhs, rhs, sizes)
        problem = jaxkern.explain(gemm, lhs, rhs, sizes)[0].problem
      base = dict(shape=shape.name + ("/masked" if masked else "") + (f"/{act}" if act else ""),
                  tp=1, layout=layout, dtype="bfloat16", activation=act)
      rows = int(np.asarray(sizes).sum())
      xla_cfg = rule.config_for("xla", problem, device)
      if masked:
        xla_fn = lambda a, b, m: grouped_gemm_xla(a, b, masked_m=m, config=xla_cfg, activation=act)
      else:
        xla_fn = lambda a, b, g: grouped_gemm_xla(a, b, g, config=xla_cfg, activation=act)
      recs = [_time(dict(base, impl="xla", config=str(xla_cfg)), xla_fn, _ITERS.value, ref,
                    args_fn)]
      for cfg in rule.pallas_candidates(problem):
        name = config_name(cfg)
        if _CONFIGS.value and not any(c in name for c in _CONFIGS.value):
          continue
        if masked:
          fn = lambda a, b, m, cfg=cfg: grouped_gemm_pallas(a, b, masked_m=m, config=cfg,
                                                            activation=act)
        else:
          fn = lambda a, b, g, cfg=cfg: grouped_gemm_pallas(a, b, g, config=cfg, activation=act)
        recs.append(_time(dict(base, impl=name, config=dataclasses.asdict(cfg)), fn,
                          _ITERS.value, ref, args_fn))
      if _PEERS.value and not masked and not act and jax.default_backend() == "gpu":
        recs += peer_records(base, _ITERS.value, ref, args_fn)
      for r in recs:
        _rates(r, shape, rows, out_cols=shape.n // 2 if act else None)
        print(f"{r['shape']:32s} {r['impl']:34s} "
              + (f"{r['us']:9.1f} us {r['tflops']:6.0f} TF/s {r['tbps']:5.2f} TB/s"
                 if r.get("us") else f"failed: {r.get('note', '')[:200]}"), flush=True)
      records += recs
      ours = [r for r in recs if r["impl"].startswith("pallas/") and r.get("us")]
      if ours:
        best = min(ours, key=lambda r: r["us"])
        tuning_rows.append({
            "key": problem.table_key(), "config": best["config"], "us": round(best["us"], 1),
            "xla_us": round(recs[0]["us"], 1) if recs[0].get("us") else None,
            "xla_config": recs[0]["config"], "shape": base["shape"],
            "why": f"fastest of {len(ours)} kernel configs on {base['shape']}",
            "date": _report.environment()["date"], "jax": jax.__version__})
  path = _report.write(_OUT.value, "grouped_gemm_configs", records)
  print_summary(records, path.with_suffix(".png"))
  if _UPDATE.value and tuning_rows:
    print(f"wrote {tuning.write_rows(device.kind, 'grouped_gemm_pallas', tuning_rows)}")
  print(f"wrote {path}")


if __name__ == "__main__":
  app.run(main)
