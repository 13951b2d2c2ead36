"""Session 16: A/B of a module switch of the attention kernel on the table's config (checked
against the float32 reference, then timed; CUPTI). python out/ab_exp2.py OUTDIR FLAG[=v1,v2,...] shape,... [rounds] [iters] [--ov: the table config with overlap]"""
import dataclasses, json, sys, time
import jax, jax.numpy as jnp
from benchmarks import _timing
from jaxkern.rules import extend_attention as rule
from attn_case import case, kernel_us
from pallas_kernels.extend_attention import mosaic
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas


FORCE_OV = "--ov" in sys.argv
sys.argv = [a for a in sys.argv if a != "--ov"]
out_dir, flag, names = sys.argv[1], sys.argv[2].split("=")[0], sys.argv[3].split(",")
# FLAG or FLAG=v1,v2,... (session 17: values other than False, True)
values = [eval(v) for v in sys.argv[2].split("=")[1].split(",")] if "=" in sys.argv[2] else [False, True]
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 2
iters = int(sys.argv[5]) if len(sys.argv) > 5 else 10
records = []
for name in names:
  args, kw, ref, arg_sets, cfg = case(name)
  if cfg.tiles == "global" and not cfg.overlap and FORCE_OV:
    cfg = dataclasses.replace(cfg, overlap=True)
  for rnd in range(rounds):
    for value in values:
      setattr(mosaic, flag, value)
      r = _timing.checked_time(dict(shape=name, flag=flag, value=value, round=rnd, name=rule.config_name(cfg)),
                               lambda *a: extend_attention_pallas(*a, **kw, config=cfg),
                               ref, arg_sets, tol=2e-2, iters=iters)
      r["kernel_us"] = kern = kernel_us(r.get("kernels"))
      print(f"{name:26s} {r['name']:40s} {flag}={value!s:5s} total {r['us'] or float('nan'):8.1f} kernel {kern:8.1f} err {r.get('err', float('nan')):.1e} {r.get('note','')[:200]}", flush=True)
      records.append(r)
  json.dump(records, open(f"{out_dir}/ab_{flag}{'_ov' if FORCE_OV else ''}.json", "w"), indent=1)
