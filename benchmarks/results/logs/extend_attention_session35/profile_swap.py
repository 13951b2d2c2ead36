"""Session 35: where a swapped tile's step goes. Each shape with the table's config and with
swap_ab (same blocks / stages): checked CUPTI kernel time, then the Mosaic GPU profile's
consumer regions (cycles from the warpgroup's first event, means over CTAs), the first three
steps and the last. python .../profile_swap.py OUT shapes (repository root)"""
import dataclasses, json, sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session22")
from attn_case import case, kernel_us
import timeline as tl
from benchmarks import _mgpu_debug, _timing
from jaxkern.rules import extend_attention as rule
from pallas_kernels.extend_attention import mosaic

out_dir, names = sys.argv[1], sys.argv[2].split(",")
_mgpu_debug.install()
records = []
for name in names:
  args, kw, ref, arg_sets, table = case(name)
  for cfg in (table, dataclasses.replace(table, swap_ab=True)):
    call = lambda *a, cfg=cfg: mosaic.extend_attention_pallas(*a, **kw, config=cfg)
    r = _timing.checked_time(dict(shape=name, config=rule.config_name(cfg)), call, ref,
                             arg_sets, tol=2e-2, iters=20)
    print(f"{name} {r['config']} kernel {kernel_us(r.get('kernels')):.2f} us "
          f"err {r.get('err', float('nan')):.1e} {r.get('note', '')[:300]}", flush=True)
    records.append(r)
    import io, contextlib
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
      t = tl.profiled(call, args, out_dir, f"{name}_{'swap' if cfg.swap_ab else 'table'}",
                      wgs=cfg.consumers + 1, space=384)
    if t is not None:
      last = {}
      for reg in t["regions"]:
        last[reg["name"]] = max(last.get(reg["name"], 0), reg["k"])
      for reg in t["regions"]:
        if reg["k"] < 3 or reg["k"] == last[reg["name"]]:
          print(f"  {reg['name']:9s}#{reg['k']:<3d} {reg['begin']:8.0f} {reg['end']:8.0f} "
                f"({reg['end'] - reg['begin']:6.0f})", flush=True)
      print(f"  last event p10/50/90 {t['last_event_cycles']}", flush=True)
      records.append(dict(t, shape=name, config=r["config"]))
  json.dump(records, open(f"{out_dir}/profile_swap.json", "w"), indent=1)
