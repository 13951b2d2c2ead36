"""Session 17: one CTA per item vs persistent CTAs (items dealt by plan.persistent_deal) on the
table's config, checked against the float32 reference, CUPTI. python out/ab_pers.py OUT shapes [rounds]"""
import dataclasses, json, sys
from benchmarks import _timing
from jaxkern.rules import extend_attention as rule
from attn_case import case, kernel_us
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas

out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
records = []
for name in names:
  args, kw, ref, arg_sets, cfg = case(name)
  for rnd in range(rounds):
    for ctas in (0, 132):
      c = dataclasses.replace(cfg, persistent_ctas=ctas)
      r = _timing.checked_time(dict(shape=name, round=rnd, name=rule.config_name(c)),
                               lambda *a, c=c: extend_attention_pallas(*a, **kw, config=c),
                               ref, arg_sets, tol=2e-2, iters=10)
      r["kernel_us"] = kern = kernel_us(r.get("kernels"))
      print(f"r{rnd} {name:26s} {r['name']:44s} kernel {kern:8.1f} err {r.get('err', float('nan')):.1e} {r.get('note', '')[:200]}", flush=True)
      records.append(r)
    json.dump(records, open(f"{out_dir}/ab_persistent_deal.json", "w"), indent=1)
