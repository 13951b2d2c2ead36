"""Kernel configs against each other on PEERS.md rows, one process, variants interleaved
(`ab_case.interleaved`: checked against the float32 reference, CUPTI), the variants given on the
command line so that a config A/B needs no script of its own (session 38's review: sessions 29,
33 and 38 had each written one, the same loop with another dict of configs).
A variant is "table" (the row's table config), "xla" (the XLA path) or
"LABEL=key:value,key:value,...": the row's table config with those GroupedGemmPallasConfig
fields replaced (ints, true / false, or strings: "g128s5b1=block_n:128,num_stages:5,band:1").
Two more kinds of key (session 39's review: that session had written two scripts of their own
for them): "mosaic.NAME:value" sets a module flag of the kernel for this variant (flags a
variant does not name keep their defaults; an experiment patch adds the flag), and
"check:false" times a variant that is wrong by design (an ablation) without the check; and
"invalid_rows:unwritten" (session 41) passes that argument to the kernel and checks the valid
rows only.
With AB_DUMP_TO set (session 42; `ab_run.sh` sets it for SASS=1) each variant's Mosaic GPU builds
dump their PTX, ptxas report and SASS into AB_DUMP_TO/LABEL (MOSAIC_GPU_DUMP_TO, read when a
kernel compiles: run one round, so every variant compiles once, under its own label).
python .../ab_configs.py OUT NAME ROUNDS ROW[,ROW...] VARIANT [VARIANT ...]
e.g. table "skip=mosaic.FP8_PROMOTE:skip,check:false" with session 39's fp8_promote patch.
"plan.NAME:value" (session 68) sets a flag of the kernel's plan module the same way (e.g.
"plan.MIN_STREAM_STEPS:56": stream-K ranges of at least 56 K steps, so fewer CTAs share a cut
unit), and "support.NAME:value" (session 71) one of its support module (e.g.
"support.EXACT_STARTS:false": row-store group tiles from their segment's first row rounded down
to 8, as before session 71).
With AB_LOWER=1 (session 68's review) nothing runs: every variant of every row is exported for
cuda on CPU under the tests' abstract H200 mesh (`lower_all`), so a ready A/B script can be
checked before device time is spent on it (`AB_LOWER=1 OUT=DIR bash .../ab_run.sh ...`, or the
script that calls it, with tests/ importable). Run it under the H200's jax 0.11.2 as well
(`PATH=/tmp/v011/bin:$PATH`, the venv `logs/session66/jax011_lowering.sh` makes): session 71's
exact starts passed the dry run under jax 0.10.2 and failed to lower on the H200 (run475), as
under jax 0.11.2 on CPU."""
import os, sys

import jax
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import config_runner, interleaved
from pallas_kernels.grouped_gemm import mosaic, plan, support

_MODULES = {"mosaic": mosaic, "plan": plan, "support": support}   # flags a variant may set


def _value(text: str):
  if text in ("true", "false"):
    return text == "true"
  return int(text) if text.lstrip("-").isdigit() else text


def parse(spec: str):
  """A command-line variant -> (label, overrides; {} for the table's, None for XLA)."""
  if spec in ("table", "xla"):
    return spec, {} if spec == "table" else None
  label, fields = spec.split("=", 1)
  return label, {k: _value(v) for k, v in (f.split(":", 1) for f in fields.split(","))}


_FLAG_DEFAULTS = {}     # "module.NAME" -> the flag as it was before a variant set it
_TRACED_FLAGS = {}      # the flags the kernels in JAX's caches were traced with


def _get_flag(key):
  module, flag = key.split(".", 1)
  return getattr(_MODULES[module], flag)


def _set_flag(key, value):
  module, flag = key.split(".", 1)
  setattr(_MODULES[module], flag, value)


def prepare(overrides, label=None):
  """A variant's kernel function (`config_runner`), its module flags set and every flag an
  earlier variant set back to its default. When the flags differ from those the cached kernels
  were traced with, JAX's caches are cleared: the kernel's launch is a jit whose cache key is
  its static config, not the module's flags, so a variant with another variant's config would
  otherwise run that variant's kernel (session 40: session 39's flag variants with the table's
  config, run266 and run269-270, ran the table's kernel)."""
  if os.environ.get("AB_DUMP_TO") and label:
    os.environ["MOSAIC_GPU_DUMP_TO"] = dump = os.path.join(os.environ["AB_DUMP_TO"], label)
    os.makedirs(dump, exist_ok=True)
  if overrides is None:
    return config_runner(mosaic, None)
  for key, value in _FLAG_DEFAULTS.items():
    _set_flag(key, value)
  fields = {}
  call = {}
  for key, value in overrides.items():
    if key == "invalid_rows":
      call[key] = value
    elif key.split(".", 1)[0] in _MODULES:
      _FLAG_DEFAULTS.setdefault(key, _get_flag(key))   # an unknown flag fails here
      _set_flag(key, value)
    elif key != "check":
      fields[key] = value
  flags = {key: _get_flag(key) for key in _FLAG_DEFAULTS}
  if flags != _TRACED_FLAGS:
    jax.clear_caches()
    _TRACED_FLAGS.clear()
    _TRACED_FLAGS.update(flags)
  run = config_runner(mosaic, fields)
  return (lambda *a, **kw: run(*a, **call, **kw)) if call else run


def check_of(overrides):
  """A variant's check (`ab_case.timed`): False for "check:false", "valid" for
  "invalid_rows:unwritten", else True."""
  if overrides is None:
    return True
  if overrides.get("invalid_rows", "zero") != "zero":
    return "valid"
  return overrides.get("check", True)


def lower_all(rows, specs):
  """AB_LOWER=1: each (label, overrides) of `specs` on each row, as `interleaved` would call it
  (the row's config, `ab_case.table_config`, with the variant's flags and fields), exported
  for cuda under the tests' abstract H200 mesh instead of run; prints "ROW LABEL: ok" or the
  error's first line and returns how many failed. (Session 67's g1_sk.sh had its configs lowered by
  hand, not through this tool, and every one of its stream-K variants failed on the H200 in
  run457: the tool started them from another config.)"""
  import _testing      # tests/: the abstract H200 mesh
  from ab_case import case, table_config
  failed = 0
  for row in rows:
    sets, call, *_ = case(row)        # (its reference runs here, on CPU, outside the mesh)
    args = [jax.ShapeDtypeStruct(a.shape, a.dtype) for a in sets[0]]
    with jax.sharding.use_abstract_mesh(_testing.H200_MESH):
      cfg = table_config(call, args)
      print(f"{row}: variants start from {cfg}", flush=True)
      for label, overrides in specs:
        try:
          jax.export.export(jax.jit(call(prepare(overrides), config=cfg)),
                            platforms=["cuda"])(*args)
          print(f"{row} {label}: ok", flush=True)
        except Exception as e:  # noqa: BLE001  (the message is the result)
          failed += 1
          print(f"{row} {label}: FAIL {str(e).splitlines()[0][:300]}", flush=True)
  prepare({})          # the module flags back to their defaults
  return failed


if __name__ == "__main__":
  out, name, rounds, rows, *specs = sys.argv[1:]
  if os.environ.get("AB_LOWER"):
    sys.exit(1 if lower_all(rows.split(","), list(map(parse, specs))) else 0)
  interleaved(f"{out}/{name}.json", rows.split(","), int(rounds),
              [(label, lambda o=o, label=label: prepare(o, label), check_of(o))
               for label, o in map(parse, specs)], width=30)
