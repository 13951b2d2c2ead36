"""Session 20 A/B helpers shared by ab_deferred.py and ab_prefetch.py, and by session 21's A/B
scripts (run from the repository root; this folder on sys.path): a PEERS.md §3 row's inputs,
reference and table config; one checked, CUPTI-timed variant printed as a line; variants
interleaved over rows and rounds; a module loaded from a file beside the working tree's.
Review after session 21: `interleaved` and `load_module` gathered the loop and the module loading
the A/B scripts had each written (the same calls)."""
import dataclasses, functools, importlib.util, json, sys
import jax
import jax.numpy as jnp
import jaxkern
from benchmarks import _timing
from benchmarks.grouped_gemm import _inputs, fp8_inputs, valid_rows
from jaxkern.shapes import GROUPED_GEMM_SHAPES
from pallas_kernels.grouped_gemm import GroupedGemmPallasConfig, grouped_gemm_reference

_SHAPES = {s.name: s for s in GROUPED_GEMM_SHAPES}


def case(full):
  """'shape[/masked][/swiglu][/fp8][/nk]' -> (input sets, call, float32 reference, the rule's config
  on the H200, FLOPs of the valid rows); call(f, **kw) runs f(lhs, rhs, sizes as group_sizes or
  masked_m, activation, **kw) on an input set (fp8, session 27: the weights K-major, as the
  benchmark's fp8 rows, with lhs_scale, rhs_scale and rhs_layout="nk" passed too; "/nk", session
  43: 16-bit weights K-major too)."""
  name, *flags = full.split("/")
  act = "swiglu" if "swiglu" in flags else None
  masked = "masked" in flags
  s = _SHAPES[name]
  if "fp8" in flags:
    make = functools.partial(fp8_inputs, s, masked=masked)
  else:
    def make(seed):    # "/nk", session 43: 16-bit weights K-major, [G, N, K]
      lhs, rhs, sizes = _inputs(s, seed, masked=masked)
      return lhs, jnp.swapaxes(rhs, 1, 2) if "nk" in flags else rhs, sizes
  sets = [make(seed) for seed in range(_timing.rotations_for(make(0)))]
  layout = dict(rhs_layout="nk") if "nk" in flags else {}

  def call(f, **kw):
    def run(a, b, g, *scales):
      fp8 = dict(lhs_scale=scales[0], rhs_scale=scales[1], rhs_layout="nk") if scales else layout
      return f(a, b, **(dict(masked_m=g) if masked else dict(group_sizes=g)), activation=act,
               **fp8, **kw)
    return run
  ref = jax.jit(call(grouped_gemm_reference))(*sets[0])
  rows = int(sum(int(x) for x in sets[0][2]))
  return sets, call, ref, table_config(call, sets[0]), 2.0 * rows * s.k * s.n


def table_config(call, args):
  """The config the rule picks for `call(jaxkern.grouped_gemm)` on args (on the device that
  runs, or the abstract mesh around it). Session 68: a row whose rule picks the XLA path gets
  the kernel table's row for it (the rule's pick under `policy(grouped_gemm="pallas")`), not
  the default kernel config: until then "table" and "LABEL=..." variants on such a row
  (DS_G1_m1024_dn, session 63's run429, session 68's run457) ran row tiles, not the table's
  group tiles."""
  cfg = jaxkern.explain(call(jaxkern.grouped_gemm), *args)[0].config
  if not isinstance(cfg, GroupedGemmPallasConfig):
    with jaxkern.policy(grouped_gemm="pallas"):
      try:
        cfg = jaxkern.explain(call(jaxkern.grouped_gemm), *args)[0].config
      except (ValueError, NotImplementedError):
        pass    # no kernel for this row: config_runner starts from the default config
  return cfg


def timed(rec, fn, ref, sets, flops, label, *, stop_on_layout_failure=False, check=True):
  """rec checked and timed (iters 10) with its mosaic kernels' time as kernel_us, printed
  after `label`; a layout-inference failure ends the run when asked (every shape fails alike).
  check=False (session 39): an ablation that is wrong by design, timed without the check and
  marked so in its record and line; check="valid" (session 41): checked on the rows groups own
  only (`benchmarks.grouped_gemm.valid_rows`)."""
  if check:
    r = _timing.checked_time(rec, fn, ref, sets, tol=2e-2, iters=10,
                             checked=valid_rows if check == "valid" else None)
  else:
    t = _timing.time_fn(fn, sets, iters=10)
    r = dict(rec, us=t.us, p10=t.p10, p90=t.p90, method=t.method, kernels=t.kernels or {},
             note="unchecked: an ablation, wrong results by design")
  r["kernel_us"] = kern = sum(v for k, v in (r.get("kernels") or {}).items() if "mosaic" in k)
  us = r.get("us")
  if us:     # (a failed variant has no time and, checked, no err either)
    tail = f"err {r['err']:.1e}" if check else "(unchecked)"
    print(f"{label} {us:8.1f} us ({flops / us / 1e6:5.0f} TF/s) kernel {kern:8.1f} {tail}",
          flush=True)
  else:
    print(f"{label} failed {r.get('note', '')[:300]}", flush=True)
  if stop_on_layout_failure and not us and "Failed to infer" in r.get("note", ""):
    sys.exit("layout inference failed: stop")
  return r


def load_module(name, path, replace=()):
  """The Python file `path` as module `name` (registered in sys.modules first: dataclasses look
  their module up), its source edited by the (old, new) pairs of `replace` (e.g. to import a
  reference copy of a module it uses)."""
  src = open(path).read()
  for old, new in replace:
    src = src.replace(old, new)
  mod = sys.modules[name] = importlib.util.module_from_spec(
      importlib.util.spec_from_loader(name, loader=None))
  exec(compile(src, path, "exec"), mod.__dict__)
  return mod


def interleaved(out_path, names, rounds, variants, *, stop_on=None, width=34):
  """Each row of `names` ('shape[/masked][/swiglu]'), `rounds` times, each variant in turn:
  variants are (label, prepare) or (label, prepare, check), prepare() applies the variant and
  returns the kernel function to call (grouped_gemm_pallas's signature) with the row's table
  config; check=False times it unchecked, check="valid" checks the valid rows only (`timed`). Records (shape, round,
  variant, config + `timed`'s) are written to out_path after every timed variant (a run cut by
  its time limit keeps what it timed: until session 38 they were written after every row, and
  three of that session's runs lost their rows' JSON); a layout-inference failure of variant
  `stop_on` ends the run."""
  from benchmarks import _mgpu_debug
  _mgpu_debug.install()
  records = []
  for full in names:
    sets, call, ref, cfg, flops = case(full)
    for rnd in range(rounds):
      for label, prepare, *check in variants:
        fn = prepare()
        records.append(timed(dict(shape=full, round=rnd, variant=label, config=str(cfg)),
                             call(fn, config=cfg), ref, sets, flops,
                             f"r{rnd} {full:{width}s} {label:8s}",
                             stop_on_layout_failure=label == stop_on,
                             check=check[0] if check else True))
        json.dump(records, open(out_path, "w"), indent=1)
  return records


def config_runner(module, overrides):
  """fn(*a, config, **kw) for `interleaved`'s variants (sessions 28-29): module's
  grouped_gemm_pallas with the row's table config updated by `overrides` (`case` gives a row
  that picked the XLA path the kernel table's config; one with no kernel config starts from the
  default), or with overrides None the XLA path as the rule configures it
  (`policy(grouped_gemm="xla")`; until session 68 the default GroupedGemmXlaConfig, whose
  tiled method took 189.8 us on DS_G1_m1024_dn, run457, where the rule's ragged_dot takes
  ~47; masked: the batched dot either way)."""
  def run(*a, config, **kw):
    if overrides is None:
      with jaxkern.policy(grouped_gemm="xla"):
        return jaxkern.grouped_gemm(*a, **kw)
    if not isinstance(config, GroupedGemmPallasConfig):
      config = GroupedGemmPallasConfig()
    return module.grouped_gemm_pallas(*a, config=dataclasses.replace(config, **overrides), **kw)
  return run
