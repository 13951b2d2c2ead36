"""Session 22: a Mosaic GPU profile of one call (`profiled`), summarised as each consumer
region's mean (begin, end) in SM cycles from the warpgroup's first event (`timeline`); used by
ab_short.py and profile_verify.py."""
import glob, json, os
import numpy as np
from benchmarks._mgpu_profile import profiled_trace


def timeline(trace_file, wgs):
  """Mean (begin, end) cycles of each consumer region occurrence, from the first event."""
  ev = json.load(open(trace_file))["traceEvents"]
  by = {}
  for e in ev:
    by.setdefault(e["tid"], []).append(e)
  occ, starts, ends = {}, [], []
  for tid, es in by.items():
    if (tid - 1) % wgs:           # the producer warpgroup
      continue
    es = sorted(es, key=lambda e: e["ts"])
    t0 = es[0]["ts"]
    starts.append(t0)
    stack, seen = [], {}
    for e in es:
      if e["ph"] == "B":
        stack.append(e)
      else:
        b = stack.pop()
        k = seen[b["name"]] = seen.get(b["name"], -1) + 1
        occ.setdefault((b["name"], k), []).append(((b["ts"] - t0) * 1e3, (e["ts"] - t0) * 1e3))
    ends.append((es[-1]["ts"] - t0) * 1e3)
  rows = sorted(((n, k, float(np.mean([x[0] for x in v])), float(np.mean([x[1] for x in v])),
                  len(v)) for (n, k), v in occ.items()), key=lambda r: r[2])
  return dict(ctas=len(starts), start_spread_us=float(max(starts) - min(starts)),
              last_event_cycles=[float(np.percentile(ends, q)) for q in (10, 50, 90)],
              regions=[dict(name=n, k=k, begin=b, end=e, n=c) for n, k, b, e, c in rows])


def profiled(call, args, out_dir, label, *, wgs, space):
  """Runs call(*args) with the Mosaic GPU profiler on (plgpu.CompilerParams patched, caches
  cleared around it), prints the consumer timeline of its last trace and returns it (None: no
  trace)."""
  d = os.path.join(out_dir, f"prof_{label}")
  trace = profiled_trace(call, args, d, space=space, runs=3)   # (written here until session 39)
  if trace is None:
    print("no trace", os.listdir(d), flush=True)
    return None
  t = timeline(trace, wgs)
  for r in t["regions"]:
    print(f"{label} {r['name']:10s}#{r['k']} {r['begin']:8.0f} {r['end']:8.0f} "
          f"({r['end'] - r['begin']:6.0f}) n={r['n']}", flush=True)
  print(f"{label} CTAs {t['ctas']} start spread {t['start_spread_us']:.2f} us, last event "
        f"p10/50/90 {t['last_event_cycles']} cycles", flush=True)
  for f_ in glob.glob(f"{d}/*.json"):
    os.remove(f_)
  return t
