"""Session 22: the consumer timeline of per-sequence tiles from Mosaic GPU profiles (named
regions: issue_q, wait_q, wait_k, qk, softmax, pv, normalize, stage, boxes; SM cycles from the
warpgroup's first event, means over CTAs), the table's config, after a CUPTI time of the same
build without the profiler. python .../profile_verify.py OUT shapes (repository root)"""
import functools, glob, json, os, sys
import jax
from jax.experimental.pallas import mosaic_gpu as plgpu
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attn_case import case, kernel_us
from timeline import timeline
from benchmarks import _mgpu_debug, _timing
from jaxkern.rules import extend_attention as rule
from pallas_kernels.extend_attention import mosaic

out_dir, names = sys.argv[1], sys.argv[2].split(",")
_mgpu_debug.install()
records = []
orig_params = plgpu.CompilerParams
for name in names:
  args, kw, ref, arg_sets, cfg = case(name)
  call = lambda *a: mosaic.extend_attention_pallas(*a, **kw, config=cfg)
  r = _timing.checked_time(dict(shape=name, config=rule.config_name(cfg)), call, ref, arg_sets,
                           tol=2e-2, iters=20)
  print(f"{name} {r['config']} kernel {kernel_us(r.get('kernels')):.2f} us "
        f"err {r.get('err', float('nan')):.1e} {r.get('note', '')[:300]}", flush=True)
  records.append(r)
  d = os.path.join(out_dir, f"prof_{name}")
  os.makedirs(d, exist_ok=True)
  plgpu.CompilerParams = functools.partial(orig_params, profile_space=96, profile_dir=d)
  jax.clear_caches()
  try:
    f = jax.jit(call)
    for _ in range(3):
      jax.block_until_ready(f(*args))
  finally:
    plgpu.CompilerParams = orig_params
    jax.clear_caches()
  files = sorted(glob.glob(f"{d}/*.json"), key=os.path.getmtime)
  if not files:
    print("no trace", os.listdir(d), flush=True)
    continue
  t = dict(timeline(files[-1], cfg.consumers + 1), shape=name)
  for x in t["regions"]:
    print(f"{name} {x['name']:10s}#{x['k']} {x['begin']:8.0f} {x['end']:8.0f} "
          f"({x['end'] - x['begin']:6.0f}) n={x['n']}", flush=True)
  print(f"{name} CTAs {t['ctas']} start spread {t['start_spread_us']:.2f} us, last event "
        f"p10/50/90 {t['last_event_cycles']} cycles", flush=True)
  records.append(t)
  for f_ in files:
    os.remove(f_)
  json.dump(records, open(f"{out_dir}/profile_verify.json", "w"), indent=1)
