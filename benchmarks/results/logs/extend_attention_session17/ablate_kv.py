"""Session 17: is the hd256 step loop bound by L2->SM bytes? Timing ablations (halfkv: half of
each K/V block loaded, results wrong on purpose) and one TMA box per extend block (onecopy,
checked). python out/ablate_kv.py OUTDIR shape,... [iters]"""
import json, sys
import jax, jax.numpy as jnp
from benchmarks import _timing
from jaxkern.rules import extend_attention as rule
from attn_case import case, kernel_us
from pallas_kernels.extend_attention import mosaic
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas

out_dir, names = sys.argv[1], sys.argv[2].split(",")
iters = int(sys.argv[3]) if len(sys.argv) > 3 else 10
records = []
for rnd in range(2):
  for name in names:
    args, kw, ref, arg_sets, cfg = case(name, reference=True)
    for ab in ((), ("halfkv",), ("onecopy",), ("onecopy", "halfkv")):
      mosaic._ABLATE = frozenset(ab)
      f = lambda *a: extend_attention_pallas(*a, **kw, config=cfg)
      err = float(_timing.rel_err(jax.jit(f)(*arg_sets[0]), ref))
      t = _timing.time_fn(f, arg_sets, iters=iters)
      kern = kernel_us(t.kernels)
      print(f"r{rnd} {name:22s} {rule.config_name(cfg):36s} {'+'.join(ab) or 'baseline':16s} kernel {kern:8.1f} err {err:.1e}", flush=True)
      records.append(dict(round=rnd, shape=name, config=rule.config_name(cfg), ablate=list(ab), kernel_us=kern, err=err))
      json.dump(records, open(f"{out_dir}/ablate_kv.json", "w"), indent=1)
