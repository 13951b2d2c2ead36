"""Session 22: the consumer timeline of per-sequence tiles from Mosaic GPU profiles (named
regions: issue_q, wait_q, wait_k, qk, softmax, pv, normalize, stage, boxes; SM cycles from the
warpgroup's first event, means over CTAs), the table's config, after a CUPTI time of the same
build without the profiler. python .../profile_verify.py OUT shapes (repository root)"""
import json, os, sys
sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attn_case import case, kernel_us
from timeline import profiled
from benchmarks import _mgpu_debug, _timing
from jaxkern.rules import extend_attention as rule
from pallas_kernels.extend_attention import mosaic

out_dir, names = sys.argv[1], sys.argv[2].split(",")
_mgpu_debug.install()
records = []
for name in names:
  args, kw, ref, arg_sets, cfg = case(name)
  call = lambda *a: mosaic.extend_attention_pallas(*a, **kw, config=cfg)
  r = _timing.checked_time(dict(shape=name, config=rule.config_name(cfg)), call, ref, arg_sets,
                           tol=2e-2, iters=20)
  print(f"{name} {r['config']} kernel {kernel_us(r.get('kernels')):.2f} us "
        f"err {r.get('err', float('nan')):.1e} {r.get('note', '')[:300]}", flush=True)
  records.append(r)
  t = profiled(call, args, out_dir, name, wgs=cfg.consumers + 1, space=96)
  if t is not None:
    records.append(dict(t, shape=name))
  json.dump(records, open(f"{out_dir}/profile_verify.json", "w"), indent=1)
