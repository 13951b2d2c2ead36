"""Session 18: persistent CTAs with the output stored in chunks through their own buffers (the
next item's queries loading meanwhile) vs through the query buffer, with and without the tail of
the deal heaviest first (plan.balanced_order), vs one CTA per item, then with the next item's scalars read an item ahead and
its queries issued in the last step; the table's config otherwise, checked against the float32 reference, CUPTI.
python out/ab_chunk.py OUT shapes [rounds]"""
import dataclasses, json, sys
from benchmarks import _timing
from jaxkern.rules import extend_attention as rule
from attn_case import case, kernel_us
from pallas_kernels.extend_attention import mosaic, plan
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas

out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
# (persistent CTAs, chunked output, tail-sorted deal, scalars read an item ahead, next queries
# issued in the last step); run107 and run108 ran the first three / four switches (the others
# did not exist yet: off)
VARIANTS = [(0, False, False, False, False), (132, True, True, False, False),
            (132, True, True, True, False), (132, True, True, True, True)]
records = []
for name in names:
  args, kw, ref, arg_sets, cfg = case(name)
  for rnd in range(rounds):
    for ctas, chunked, tail, pre, early in VARIANTS:
      mosaic._CHUNKED_OUT, plan._TAIL_DEAL, mosaic._PREFETCH, mosaic._EARLY_Q = chunked, tail, pre, early
      c = dataclasses.replace(cfg, persistent_ctas=ctas)
      r = _timing.checked_time(dict(shape=name, round=rnd, chunked=chunked, tail=tail, prefetch=pre, early_q=early, name=rule.config_name(c)),
                               lambda *a, c=c: extend_attention_pallas(*a, **kw, config=c),
                               ref, arg_sets, tol=2e-2, iters=10)
      r["kernel_us"] = kern = kernel_us(r.get("kernels"))
      print(f"r{rnd} {name:22s} {r['name']:44s} chunked={chunked:d} tail={tail:d} prefetch={pre:d} early_q={early:d} kernel {kern:8.1f} err {r.get('err', float('nan')):.1e} {r.get('note', '')[:200]}", flush=True)
      records.append(r)
    json.dump(records, open(f"{out_dir}/ab_prefetch.json", "w"), indent=1)
