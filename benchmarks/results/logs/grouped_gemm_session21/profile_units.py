"""Session 21: where a grouped-GEMM unit's time goes, from Mosaic GPU profiler traces.
python benchmarks/results/logs/grouped_gemm_session21/profile_units.py OUT shape,... [space]
(repository root; PYTHONPATH=.:tests). For each shape: the table's config and the same with
num_stages=3 (the profiler's buffer lives in shared memory, which the 4-deep ring fills), both
CUPTI-timed and checked; then the 3-stage build with the profiler on (named regions of
_mgpu.consume / producer_slot / the kernel: wait_full, after_first, drain, wait_free, store,
pass_on) and a summary per unit, in SM clock cycles. (run127 parsed units by after_first;
run128 on, by drain: the gap before a unit's first operand wait, its waits, the stores issued
under its first steps, its drain.)"""
import dataclasses, functools, glob, json, os, sys
import numpy as np
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case, timed
from benchmarks import _mgpu_debug
from benchmarks._mgpu_profile import profiled_trace, ranges   # (here until session 39)
from pallas_kernels.grouped_gemm import mosaic

out_dir, names = sys.argv[1], sys.argv[2].split(",")
space = int(sys.argv[3]) if len(sys.argv) > 3 else 900
_mgpu_debug.install()


def consumer_units(rs):
  """Per unit (from one drain's end to the next's): the gap from the last drain to the unit's
  first operand wait, its operand waits (wait_full), the previous unit's stores issued under
  its first steps (after_first / after_step), its drain."""
  drains = [i for i, r in enumerate(rs) if r[0] == "drain"]
  units = []
  for a, b in zip(drains, drains[1:]):
    body = rs[a + 1:b]
    waits = [r for r in body if r[0] == "wait_full"]
    if not waits:
      continue
    units.append(dict(period=rs[b][2] - rs[a][2], gap=waits[0][1] - rs[a][2],
                      waits=sum(w[2] - w[1] for w in waits), steps=len(waits),
                      after=sum(r[2] - r[1] for r in body if r[0].startswith("after_")),
                      drain=rs[b][2] - rs[b][1]))
  return units


def summarize(trace_file):
  ev = json.load(open(trace_file))["traceEvents"]
  by = {}
  for e in ev:
    by.setdefault(e["tid"], []).append(e)
  units, prod = [], dict(wait_free=0.0, span=0.0, n=0)
  for tid, es in by.items():
    rs = ranges(es)
    if (tid - 1) % 3 == 2:      # the producer warpgroup
      wf = [r for r in rs if r[0] == "wait_free"]
      if wf:
        prod["wait_free"] += sum(r[2] - r[1] for r in wf)
        prod["span"] += rs[-1][2] - rs[0][1]
        prod["n"] += 1
    else:
      units += consumer_units(rs)
  keys = ("period", "gap", "waits", "after", "drain", "steps")
  mean = {k: float(np.mean([u[k] for u in units])) for k in keys} if units else {}
  pct = {k: [float(np.percentile([u[k] for u in units], q)) for q in (10, 50, 90)]
         for k in ("period", "gap", "waits", "after", "drain")} if units else {}
  return dict(units=len(units), mean_cycles=mean, p10_50_90=pct,
              producer_wait_free_share=prod["wait_free"] / max(prod["span"], 1.0))


records = []
for full in names:
  sets, call, ref, cfg, flops = case(full)
  cfg3 = dataclasses.replace(cfg, num_stages=3)
  for label, c in (("table", cfg), ("stages3", cfg3)):
    records.append(timed(dict(shape=full, variant=label, config=str(c)),
                         call(mosaic.grouped_gemm_pallas, config=c), ref, sets, flops,
                         f"{full:28s} {label:8s}"))
  d = os.path.join(out_dir, "prof_" + full.replace("/", "_"))
  trace = profiled_trace(call(functools.partial(mosaic.grouped_gemm_pallas, config=cfg3)),
                         sets[0], d, space=space)
  files = sorted(glob.glob(f"{d}/*.json"), key=os.path.getmtime)
  if not trace:
    print(full, "no trace", os.listdir(d), flush=True)
    continue
  s = summarize(trace)
  s.update(shape=full, config=str(cfg3))
  print(json.dumps(s), flush=True)
  records.append(s)
  for f_ in files:
    os.remove(f_)
  json.dump(records, open(f"{out_dir}/profile_units.json", "w"), indent=1)
