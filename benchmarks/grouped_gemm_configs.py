"""Every candidate Mosaic GPU config of the grouped GEMM on the PEERS.md §3 shapes (contiguous
and masked layouts), beside JAX's ragged_dot_mgpu and tokamax in the same process; every output
checked against the float32 reference before it is timed.

  python -m benchmarks.grouped_gemm_configs [--only NAME,...] [--layouts contiguous,masked]
      [--configs m128/n256] [--activation swiglu] [--signals] [--fp8] [--rhs_layout nk]
      [--iters 20] [--bands 1,2] [--shape_set peers|n_edge] [--update-tuning]

Prints one line per (shape, config) with µs, TFLOP/s of valid rows and TB/s of minimum bytes,
then a table of the best kernel config, our XLA path and the best config of each peer with our
ratio to the best peer, and writes <out>/<device>/grouped_gemm_configs.json (+ .png of that
table). --fp8 runs the fp8 (1D2D-scaled) shapes of PEERS.md §3 instead, quantized with
DeepGEMM's scaling, against the fp8 XLA path. --rhs_layout nk passes the weights K-major
([G, N, K], as fp8 serving stores them; records and table rows of their own; no peers). --shape_set n_edge runs gpt-oss-120b's gate/up at tp 2 and 4 instead (outputs of N, or N/2 with
SwiGLU, not whole 64 columns; contiguous; the kernel takes them with --rhs_layout nk only).
--signals also times every masked-layout config that can publish completion signals
with return_signals=True ("signals/..." records: the cost of waiting for each tile's stores to
complete before publishing it; never a tuning candidate). --bands then times the fastest config
with each of these unit-order bands (`band` row tiles next to each other per column tile; the
candidates use 8), --lhs_boxes the fastest after that with these lhs_boxes, and
--segment_stores the fastest after that (group tiles) with these segment_stores: a variant that
wins goes to the table like any config. The XLA path the rule would otherwise pick
runs in the same process; with --update-tuning the fastest kernel config of every shape and
that XLA time go to jaxkern/tuning/<device>/grouped_gemm_pallas.json, which the rule reads.
"""

from __future__ import annotations

import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from absl import app, flags

import jaxkern

from benchmarks import _mgpu_debug, _report
# Flags --iters, --only, --out and --layouts are grouped_gemm's (one absl flag namespace).
from benchmarks.grouped_gemm import (_ITERS, _LAYOUTS, _ONLY, _OUT, _UPDATE, _inputs, _rates,
                                     _time, fp8_inputs, peer_records)
from jaxkern import tuning
from jaxkern.device import DeviceSpec
from jaxkern.rules import grouped_gemm as rule
from jaxkern.shapes import (FP8_GROUPED_GEMM_SHAPES, GROUPED_GEMM_SHAPES,
                            MASKED_GROUPED_GEMM_SHAPES, N_EDGE_GROUPED_GEMM_SHAPES)
from pallas_kernels.grouped_gemm import (GroupedGemmPallasConfig, grouped_gemm_reference,
                                         grouped_gemm_xla)
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas
from pallas_kernels.grouped_gemm.support import signals_reason

_CONFIGS = flags.DEFINE_list("configs", [], "only configs whose name contains one of these")
_PEERS = flags.DEFINE_bool("peers", True, "also time ragged_dot_mgpu and tokamax (contiguous)")
_SIGNALS = flags.DEFINE_bool("signals", False, "also time return_signals=True (masked layout)")
_FP8 = flags.DEFINE_bool("fp8", False, "float8_e4m3fn operands with 1D2D scales (fp8 shapes)")
_RHS_LAYOUT = flags.DEFINE_enum("rhs_layout", "kn", ["kn", "nk"],
                                "the weights' layout: [G, K, N] or K-major [G, N, K]")
_BANDS = flags.DEFINE_list("bands", ["1", "2"],
                          "then time the fastest kernel config with these unit-order bands too "
                          "(candidates use 8; session 25 measured 1 or 2 faster on the decode rows "
                          "and Gm_prefill_gu, slower on the others); empty: no band pass")
_LHS_BOXES = flags.DEFINE_list("lhs_boxes", ["exact"],
                               "then time the fastest config (after the band pass) with these "
                               "lhs_boxes too (candidates load one box; session 44 measured "
                               "'exact' faster on DS_G16_m64_gu, slower on Gemma prefill); "
                               "empty: no such pass")
_SEGMENT_STORES = flags.DEFINE_list("segment_stores", ["rows"],
                                    "then time the fastest config (after the lhs_boxes pass), "
                                    "if it has group tiles, with these segment_stores too "
                                    "(candidates store ragged rows from registers; session 65 "
                                    "measured 'rows' 0.3-1.5% faster in kernel time on "
                                    "Gm_decode_dn, DS_G16_m32_dn and Gm_prefill_gu); empty: no "
                                    "such pass")
_TABLE_OF = flags.DEFINE_string("table_of", None,
                                "time only the config that this device kind's table (e.g. 'NVIDIA "
                                "H200') has for each shape, and no band, lhs_boxes or "
                                "segment_stores pass: that "
                                "kind's pick re-timed beside our XLA path here, at two compiles "
                                "a shape instead of up to twelve")
_SHAPE_SET = flags.DEFINE_enum("shape_set", "peers", ["peers", "n_edge"],
                               "peers: PEERS.md §3; n_edge: outputs not whole 64 columns "
                               "(jaxkern.shapes.N_EDGE_GROUPED_GEMM_SHAPES, gpt-oss-120b's "
                               "gate/up at tp 2 and 4; contiguous; pass --rhs_layout nk)")
_ACTIVATION = flags.DEFINE_enum("activation", None, ["swiglu"],
                                "fuse this epilogue (gate/up shapes only; no peer fuses it, so "
                                "peers are not run)")


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


def variants(timed: list[tuple[dict, object]], field: str, values: list, *,
             refused=lambda cfg: None) -> list:
  """The fastest timed (record, config) pair's config with each of `values` as its `field`
  (its own value left out, and any the config refuses, segment_stores='rows' on row tiles, or
  `refused(config)` names a reason for: the problem's, `rule.pallas_unsupported_reason`); none
  if no config ran."""
  ran = [(r["us"], cfg) for r, cfg in timed if r.get("us")]
  if not ran:
    return []
  best = min(ran, key=lambda x: x[0])[1]
  out = []
  for v in values:
    if v == getattr(best, field):
      continue
    try:
      cfg = dataclasses.replace(best, **{field: v})
    except ValueError:
      continue
    if refused(cfg) is None:
      out.append(cfg)
  return out


def fastest_why(shape: str, ours: list[dict], runners_up: int = 4) -> str:
  """A tuning row's reason from the kernel records a configs run timed on `shape`: the fastest
  config's time, then the next `runners_up` with theirs (what a later reader needs to judge how
  decisive the pick was, without opening the run's JSON)."""
  ranked = sorted(ours, key=lambda r: r["us"])
  others = ", ".join(f"{r['impl'].removeprefix('pallas/')} {r['us']:.1f}"
                     for r in ranked[1:1 + runners_up])
  return (f"fastest of {len(ranked)} kernel configs on {shape}: "
          f"{ranked[0]['impl'].removeprefix('pallas/')} {ranked[0]['us']:.1f} us"
          + (f"; then {others}" if others else ""))


def ab_times(records: list[dict], shape: str, variant: str) -> tuple[list[float], list[float]]:
  """One variant's call and kernel µs on `shape`, in round order, from the records of an A/B run
  (session 20's `ab_configs.py`: one record per shape, variant and round, with `kernel_us`)."""
  recs = sorted((r for r in records if r["shape"] == shape and r["variant"] == variant),
                key=lambda r: r["round"])
  if not recs:
    raise ValueError(f"no records of variant {variant!r} on {shape}")
  return [r["us"] for r in recs], [r["kernel_us"] for r in recs]


def joined_rounds(runs: list[list[dict]], shape: str, variants: tuple[str, ...]) -> list[dict]:
  """The records of several A/B runs (`ab_times`' records; runs cut short by their limit) as one
  run: on `shape`, only the rounds in which every one of `variants` was timed, numbered on in
  run order, each record tagged with its run's index as "process" (`ab_why` counts them).
  ValueError where no round of any run is complete."""
  joined = []
  for process, recs in enumerate(runs):
    by_round: dict[int, list[dict]] = {}
    for r in recs:
      if r["shape"] == shape and r["variant"] in variants:
        by_round.setdefault(r["round"], []).append(r)
    for rnd in sorted(by_round):
      if {r["variant"] for r in by_round[rnd]} == set(variants):
        n = len({r["round"] for r in joined})
        joined += [dict(r, round=n, process=process) for r in by_round[rnd]]
  if not joined:
    raise ValueError(f"no round of {shape} timed all of {variants}")
  return joined


def ab_why(records: list[dict], shape: str, new: str, old: str, *, against: str,
           source: str) -> str:
  """A tuning row's reason from an A/B run (`ab_times`): the kept variant's call (kernel) µs per
  round against the other variant's, which `against` names, the processes they ran in (one,
  unless `joined_rounds` joined runs) and the run's `source`."""
  (calls, kernels), (o_calls, o_kernels) = (ab_times(records, shape, v) for v in (new, old))
  processes = len({r.get("process", 0) for r in records
                   if r["shape"] == shape and r["variant"] in (new, old)})
  span = lambda ts: " / ".join(f"{t:.1f}" for t in ts)
  return (f"call {span(calls)} us (kernel {span(kernels)}) against {span(o_calls)} "
          f"({span(o_kernels)}) {against}, in "
          f"{'one process' if processes == 1 else f'{processes} processes'}, {len(calls)} rounds "
          f"({source})")


def ab_row(records: list[dict], table_shape: str, shape: str, new: str, old: str, *,
           changes: dict, what: str, against: str, source: str, date: str,
           expect: dict | None = None, device_kind: str = "NVIDIA H200") -> dict | None:
  """The kernel table's row whose "shape" is `table_shape` with `changes` made to its config, if
  the A/B run's (`ab_times`) variant `new` beat `old` on `shape` in kernel time by at least 0.1%
  in every round (None otherwise): its us the new variant's mean call µs, its why `what`, the
  A/B (`ab_why`) and the row's earlier why. A session's merge script runs on the table as that
  session found it: the row must be the only one of its shape, must not have `changes` yet, and
  must have `expect` (ValueError otherwise)."""
  found = [r for r in tuning.rows(device_kind, "grouped_gemm_pallas")
           if r.get("shape") == table_shape]
  if len(found) != 1:
    raise ValueError(f"one table row of {table_shape} expected, got {len(found)}")
  row = found[0]
  config = dataclasses.asdict(GroupedGemmPallasConfig(**row["config"]))   # defaults filled in
  if all(config[k] == v for k, v in changes.items()):
    raise ValueError(f"{table_shape}'s row already has {changes}: run this on the table as the "
                     "A/B run found it")
  if any(config[k] != v for k, v in (expect or {}).items()):
    raise ValueError(f"{table_shape}'s row is not {expect} (it has {row['config']}): run this "
                     "on the table as the A/B run found it")
  (calls, kernels), (_, before) = (ab_times(records, shape, v) for v in (new, old))
  if len(kernels) != len(before) or not all(a < 0.999 * b for a, b in zip(kernels, before)):
    return None
  why = (f"{what}: " + ab_why(records, shape, new, old, against=against, source=source)
         + f"; before: {row['why']}")
  return dict(row, config=dict(row["config"], **changes), us=round(sum(calls) / len(calls), 1),
              why=why, date=date)


def bench_records(path, shapes, *, run: str, note: str, results=None):
  """Put a benchmark run's records of `shapes` (`benchmarks.grouped_gemm`'s JSON at `path`),
  each tagged with `run`, into the committed H200 results (`put_records`). The sessions' merge
  scripts' last step; ValueError where a shape has no records in the run."""
  import json
  import pathlib
  recs = [dict(r, run=run) for r in json.loads(pathlib.Path(path).read_text())["records"]
          if r["shape"] in shapes]
  missing = set(shapes) - {r["shape"] for r in recs}
  if missing:
    raise ValueError(f"{path}: no records of {sorted(missing)}")
  return put_records(recs, note=note, results=results)


XLA_VARIANT = "jaxkern:xla["   # impl prefix of the XLA variants the benchmark times per shape


def put_records(recs: list[dict], *, note: str, results=None, keep_xla_variants: bool = False):
  """Put records, each tagged with the run it came from ("run"; a merge script may join several
  runs' records), into the committed H200 results (h200/grouped_gemm.json under `results`,
  default benchmarks/results): each (shape, layout, dtype) group of theirs replaced whole
  (`_report.replace_records`), `note` added, the PNG redrawn. keep_xla_variants (a run with
  --novariants): a replaced group's XLA variants (impl "jaxkern:xla[...]") that `recs` do not
  time again stay, after the group's new records, with the run they came from. ValueError for a
  record without its run."""
  import json
  import pathlib
  if any("run" not in r for r in recs):
    raise ValueError("records without their run (tag each with run=)")
  results = pathlib.Path(results or pathlib.Path(__file__).parent / "results")
  path = results / "h200/grouped_gemm.json"
  if keep_xla_variants:
    group = lambda r: (r["shape"], r["layout"], r["dtype"])
    timed = {(group(r), r["impl"]) for r in recs}
    groups = {g for g, _ in timed}
    recs = recs + [r for r in json.loads(path.read_text())["records"]
                   if r["impl"].startswith(XLA_VARIANT) and group(r) in groups
                   and (group(r), r["impl"]) not in timed]
  return _report.replace_records(path, recs, group=("shape", "layout", "dtype"), note=note,
                                 title="grouped GEMM (bf16 unless marked)")


def merge_main(doc: str, argv: list[str], **steps) -> None:
  """A session's merge script's command line (`python3 -m benchmarks.results.logs.sessionN.merge
  STEP`): runs steps[STEP]; no step, an unknown one or more arguments exit with `doc`."""
  step = steps.get(argv[1]) if len(argv) == 2 else None
  if step is None:
    raise SystemExit(doc)
  step()


def table_configs(device_kind: str, problem) -> list:
  """The kernel config of `device_kind`'s measured row for this problem's key ([] if none)."""
  config = rule.measured_config(problem, DeviceSpec.for_kind(device_kind))[1]
  return [] if config is None else [config]


def print_summary(records: list[dict], png) -> None:
  rows = summary(records)
  columns = [c for c in ("jaxkern:pallas", "jaxkern:xla", "ragged_dot_mgpu", "tokamax_mosaic")
             if any(r["impl"] == c for r in rows)]
  print(_report.table(rows, rate_key="tflops", baseline="jaxkern:pallas", columns=columns))
  _report.plot(rows, png, title="grouped GEMM, bf16: best kernel config vs XLA and peers")


def config_cases(shape_set: str, only, layouts, *, fp8: bool, activation: str | None) -> list:
  """(shape, layout) pairs a run times: the set's shapes (those named in `only`, if given; fp8:
  PEERS.md's fp8 shapes), each in the layouts asked for that it has (masked: PEERS.md's masked
  shapes; the N-edge set is contiguous), only gate/up shapes with an activation."""
  shapes = _report.only(N_EDGE_GROUPED_GEMM_SHAPES if shape_set == "n_edge" else
                        GROUPED_GEMM_SHAPES, only)
  if fp8:
    shapes = [s for s in shapes if s.name in FP8_GROUPED_GEMM_SHAPES]
  return [(s, layout) for s in shapes for layout in layouts
          if layout in ("contiguous", "masked")
          and (layout == "contiguous" or s.name in MASKED_GROUPED_GEMM_SHAPES)
          and (activation is None or s.gate_up)]


def main(argv):
  del argv
  _mgpu_debug.install()
  device = DeviceSpec.current()
  records, tuning_rows = [], []
  act, fp8, rhs_layout = _ACTIVATION.value, _FP8.value, _RHS_LAYOUT.value

  def inputs(shape, seed, masked):
    """(lhs, rhs, sizes, lhs_scale, rhs_scale); the scales None unless --fp8."""
    if fp8:
      return fp8_inputs(shape, seed, masked=masked, rhs_layout=rhs_layout)
    lhs, rhs, sizes = _inputs(shape, seed, masked=masked)
    return lhs, (rhs if rhs_layout == "kn" else jnp.swapaxes(rhs, 1, 2)), sizes, None, None
  for shape, layout in config_cases(_SHAPE_SET.value, _ONLY.value, _LAYOUTS.value, fp8=fp8,
                                    activation=act):
    masked = layout == "masked"
    args_fn = functools.lru_cache(maxsize=None)(
        lambda s, masked=masked, shape=shape: inputs(shape, s, masked))
    lhs, rhs, sizes, ls, rs = args_fn(0)

    def call(f, masked=masked, **kw):
      """f(lhs, rhs, group_sizes or masked_m=, scales, **kw) as a function of an input set."""
      def run(a, b, g, x, y):
        sizes = dict(masked_m=g) if masked else dict(group_sizes=g)
        return f(a, b, **sizes, lhs_scale=x, rhs_scale=y, activation=act,
                 rhs_layout=rhs_layout, **kw)
      return run
    ref = jax.jit(call(grouped_gemm_reference))(lhs, rhs, sizes, ls, rs)
    problem = jaxkern.explain(call(jaxkern.grouped_gemm), lhs, rhs, sizes, ls, rs)[0].problem
    base = dict(shape=shape.name + ("/masked" if masked else "") + (f"/{act}" if act else "")
                + ("/fp8" if fp8 else "") + ("/nk" if rhs_layout == "nk" else ""), tp=1,
                layout=layout, rhs_layout=rhs_layout,
                dtype="float8_e4m3fn" if fp8 else "bfloat16", activation=act)
    rows = int(np.asarray(sizes).sum())
    xla_cfg = rule.config_for("xla", problem, device)
    xla_fn = call(grouped_gemm_xla, config=xla_cfg)
    recs = [_time(dict(base, impl="xla", config=str(xla_cfg)), xla_fn, _ITERS.value, ref,
                  args_fn)]

    def time_config(cfg, name):
      """The kernel with cfg (its record, also appended to recs), then with signals."""
      recs.append(_time(dict(base, impl=name, config=dataclasses.asdict(cfg)),
                        call(grouped_gemm_pallas, config=cfg), _ITERS.value, ref, args_fn))
      plain = recs[-1]
      if _SIGNALS.value and masked and signals_reason(cfg, m_max=lhs.shape[1]) is None:
        signalled = call(grouped_gemm_pallas, config=cfg, return_signals=True)
        recs.append(_time(dict(base, impl=name.replace("pallas/", "signals/", 1),
                               config=dataclasses.asdict(cfg)),
                          lambda *a, f=signalled: f(*a)[0], _ITERS.value, ref, args_fn))
      return plain

    timed_cfgs = []
    for cfg in (table_configs(_TABLE_OF.value, problem) if _TABLE_OF.value
                else rule.pallas_candidates(problem)):
      name = rule.config_name(cfg)
      if _CONFIGS.value and not any(c in name for c in _CONFIGS.value):
        continue
      timed_cfgs.append((time_config(cfg, name), cfg))
    for field, values in () if _TABLE_OF.value else (
        ("band", [int(b) for b in _BANDS.value]), ("lhs_boxes", _LHS_BOXES.value),
        ("segment_stores", _SEGMENT_STORES.value)):
      for cfg in variants(timed_cfgs, field, values,
                          refused=lambda c: rule.pallas_unsupported_reason(problem, c)):
        timed_cfgs.append((time_config(cfg, rule.config_name(cfg)), cfg))
    if (_PEERS.value and not masked and not act and not fp8 and rhs_layout == "kn"
        and jax.default_backend() == "gpu"):
      recs += peer_records(base, _ITERS.value, ref, lambda s: args_fn(s)[:3])
    for r in recs:
      _rates(r, shape, rows, fp8=fp8, out_cols=shape.n // 2 if act else None)
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
          "why": (f"the config of {_TABLE_OF.value}'s table, timed on {base['shape']}"
                  if _TABLE_OF.value else fastest_why(base["shape"], ours)),
          "date": _report.environment()["date"], "jax": jax.__version__})
      if _UPDATE.value:   # each shape's row at once: a run cut by its time limit keeps them
        _report.update_tuning(_OUT.value, device.kind, "grouped_gemm_pallas", tuning_rows[-1:])
    path = _report.write(_OUT.value, "grouped_gemm_configs", records)
  if not records:
    return
  print_summary(records, path.with_suffix(".png"))
  if _UPDATE.value and tuning_rows:
    print(f"wrote {tuning.table_path(device.kind, 'grouped_gemm_pallas')} "
          f"({len(tuning_rows)} rows)")
  print(f"wrote {path}")


if __name__ == "__main__":
  app.run(main)
