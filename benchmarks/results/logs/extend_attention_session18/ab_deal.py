"""Session 18: persistent deal on item costs as estimated for one CTA per item vs less the
persistent saving (1.1 us per item: the costs the launch model gives persistent items);
the table's config, checked against the float32 reference, CUPTI. python out/ab_deal.py OUT shapes [rounds]"""
import json, sys
from benchmarks import _timing
from jaxkern.rules import extend_attention as rule
from attn_case import case, kernel_us
from pallas_kernels.extend_attention import mosaic
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas

out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
records = []
for name in names:
  args, kw, ref, arg_sets, cfg = case(name)
  for rnd in range(rounds):
    for saved in (0.0, 1.1):
      mosaic._DEAL_SAVED = saved
      r = _timing.checked_time(dict(shape=name, round=rnd, deal_saved_us=saved, name=rule.config_name(cfg)),
                               lambda *a: extend_attention_pallas(*a, **kw, config=cfg),
                               ref, arg_sets, tol=2e-2, iters=10)
      r["kernel_us"] = kern = kernel_us(r.get("kernels"))
      print(f"r{rnd} {name:22s} {r['name']:44s} deal_saved={saved} kernel {kern:8.1f} err {r.get('err', float('nan')):.1e} {r.get('note', '')[:200]}", flush=True)
      records.append(r)
    json.dump(records, open(f"{out_dir}/ab_deal_costs.json", "w"), indent=1)
