"""Session 16 experiment: paired global tiles and register-direct output stores (A/B against
the table's config, same process). python out/pairs_exp.py OUTDIR shape,shape,... [iters]"""
import dataclasses, json, sys, time
import jax, jax.numpy as jnp
from benchmarks import _timing
from jaxkern.rules import extend_attention as rule
from attn_case import case, kernel_us
from pallas_kernels.extend_attention import mosaic
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas

out_dir, names = sys.argv[1], sys.argv[2].split(",")
iters = int(sys.argv[3]) if len(sys.argv) > 3 else 10
records = []
for name in names:
  args, kw, ref, arg_sets, table = case(name)
  runs = [("table", table, False)]
  if table.tiles == "global":
    runs += [("table+direct", table, True)]
    for ov in (False, True):
      runs.append(("pairs", dataclasses.replace(table, tile_order="pairs", overlap=ov), False))
  for label, cfg, direct in runs:
    mosaic._DIRECT_GLOBAL_STORES = direct
    t0 = time.time()
    r = _timing.checked_time(dict(shape=name, label=label, name=rule.config_name(cfg), direct=direct,
                                  config=dataclasses.asdict(cfg)),
                             lambda *a, cfg=cfg: extend_attention_pallas(*a, **kw, config=cfg),
                             ref, arg_sets, tol=2e-2, iters=iters)
    kern = kernel_us(r.get("kernels"))
    print(f"{name:26s} {label:13s} {r['name']:44s} total {r['us'] or float('nan'):8.1f} kernel {kern:8.1f} err {r.get('err', float('nan')):.1e} ({time.time()-t0:.0f}s) {r.get('note','')[:200]}", flush=True)
    records.append(r)
  mosaic._DIRECT_GLOBAL_STORES = False
  json.dump(records, open(f"{out_dir}/pairs_exp.json", "w"), indent=1)
