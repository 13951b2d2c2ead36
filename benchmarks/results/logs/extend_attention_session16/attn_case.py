"""Session 16 experiments: one attention shape set up as every script here times it (the
PEERS.md-style batch at page size 16, bf16, its rotated input copies, the table's config)."""
import jax.numpy as jnp
from benchmarks import _timing
from jaxkern.device import DeviceSpec
from jaxkern.ops.extend_attention import attention_problem
from jaxkern.rules import extend_attention as rule
from jaxkern.shapes import ATTENTION_SHAPES, HD128_ATTENTION_SHAPES
from pallas_kernels.extend_attention import extend_attention_reference

SHAPES = {s.name: s for s in ATTENTION_SHAPES + HD128_ATTENTION_SHAPES}


def case(name, *, reference=True):
  """(args, kw, float32 reference or None, arg_sets, the table's config) of shape `name`."""
  shape = SHAPES[name]
  args, max_ext = shape.batch(page_size=16, dtype=jnp.bfloat16)
  kw = dict(sliding_window=shape.window, max_extend_len=max_ext)
  ref = extend_attention_reference(*[a.astype(jnp.float32) if a.dtype == jnp.bfloat16 else a
                                     for a in args], **kw) if reference else None
  arg_sets = [args] + [shape.batch(page_size=16, dtype=jnp.bfloat16, seed=s)[0]
                       for s in range(1, _timing.rotations_for(args))]
  problem = attention_problem(*args, sm_scale=None, logit_cap=None, **kw)
  return args, kw, ref, arg_sets, rule.choose(problem, DeviceSpec.current()).config


def kernel_us(kernels):
  """The Mosaic GPU kernel's share of a CUPTI per-kernel breakdown."""
  return sum(v for n, v in (kernels or {}).items() if "mosaic" in n)


def interleaved(out_path, names, rounds, variants):
  """Each shape of `names`, `rounds` times, each variant in turn: variants are (label, apply),
  or a function of the shape's `case` returning them; apply() switches the kernel to the variant
  and may return a config to run instead of the table's. The pallas kernel, checked against
  the float32 reference (CUPTI, 20 iterations), printed as a line; the records (shape, round,
  variant, config + checked_time's, kernel_us) are written to out_path after every shape.
  (Session 23; the earlier A/B scripts wrote this loop themselves. Review after session 26:
  per-shape variants and configs, for session 26's ab_swap.py.)"""
  import json
  from benchmarks import _mgpu_debug
  from pallas_kernels.extend_attention import mosaic
  _mgpu_debug.install()
  records = []
  for name in names:
    the_case = case(name)
    args, kw, ref, arg_sets, table_cfg = the_case
    for rnd in range(rounds):
      for label, apply in (variants(the_case) if callable(variants) else variants):
        cfg = apply() or table_cfg
        r = _timing.checked_time(dict(shape=name, round=rnd, variant=label,
                                      config=rule.config_name(cfg)),
                                 lambda *a, cfg=cfg: mosaic.extend_attention_pallas(
                                     *a, **kw, config=cfg),
                                 ref, arg_sets, tol=2e-2, iters=20)
        r["kernel_us"] = kern = kernel_us(r.get("kernels"))
        print(f"r{rnd} {name:20s} {r['config']:34s} {label:12s} kernel {kern:7.2f} "
              f"err {r.get('err', float('nan')):.1e} {r.get('note', '')[:300]}", flush=True)
        records.append(r)
    json.dump(records, open(out_path, "w"), indent=1)
  return records


def flag_ab(out_path, names, rounds, flag, labels):
  """`interleaved` over a module switch of the kernel, mosaic.<flag> False then True (labelled
  labels[0], labels[1]), which must be part of its static facts; left True after."""
  from pallas_kernels.extend_attention import mosaic
  switch = lambda on: lambda: setattr(mosaic, flag, on)
  try:
    return interleaved(out_path, names, rounds,
                       [(labels[0], switch(False)), (labels[1], switch(True))])
  finally:
    setattr(mosaic, flag, True)
