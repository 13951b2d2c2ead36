"""Reading Mosaic GPU profiler traces (`plgpu.CompilerParams(profile_space=..., profile_dir=...)`):
the JSON's begin / end events as each warpgroup's named regions."""
import json


def ranges(events):
  """[(name, begin, end)] of one warpgroup's events, nested regions included, in begin order;
  times in SM cycles (the trace's ts are kilo-cycles after the kernel's start)."""
  stack, out = [], []
  for e in sorted(events, key=lambda e: e["ts"]):
    if e["ph"] == "B":
      stack.append(e)
    else:
      b = stack.pop()
      out.append((b["name"], b["ts"] * 1e3, e["ts"] * 1e3))
  return sorted(out, key=lambda r: r[1])


def warpgroup_ranges(trace_file):
  """{tid: `ranges`} of every warpgroup in a trace file (tid - 1: the warpgroup's index, CTA
  by CTA)."""
  by = {}
  for e in json.load(open(trace_file))["traceEvents"]:
    by.setdefault(e["tid"], []).append(e)
  return {tid: ranges(es) for tid, es in by.items()}


def region_shares(trace_file, role_of):
  """{role: {region: dict(share, mean_cycles, count)}} over a trace's warpgroups, `role_of(tid)`
  naming each warpgroup's role (e.g. producer / consumer): a region's share is its summed time
  over the role's summed spans (each warpgroup's first begin to last end)."""
  spans, sums = {}, {}
  for tid, rs in warpgroup_ranges(trace_file).items():
    if not rs:
      continue
    role = role_of(tid)
    spans[role] = spans.get(role, 0.0) + max(r[2] for r in rs) - min(r[1] for r in rs)
    for name, b, e in rs:
      acc = sums.setdefault(role, {}).setdefault(name, [0.0, 0])
      acc[0] += e - b
      acc[1] += 1
  return {role: {name: dict(share=v[0] / spans[role], mean_cycles=v[0] / v[1], count=v[1])
                 for name, v in regions.items()} for role, regions in sums.items()}


def profiled_trace(fn, args, trace_dir, *, space: int, runs: int = 2):
  """Runs jit(fn)(*args) `runs` times with the Mosaic GPU profiler on and returns the newest
  trace file in trace_dir, or None. Both ways a kernel gets its compiler params are covered:
  `plgpu.CompilerParams` built by the kernel itself (extend attention) and `pl.kernel`'s default
  (grouped GEMM) carry profile_space / profile_dir while fn runs; caches are cleared around it,
  since a kernel's trace is cached per config."""
  import functools, glob, os
  import jax
  from jax.experimental import pallas as pl
  from jax.experimental.pallas import mosaic_gpu as plgpu
  os.makedirs(trace_dir, exist_ok=True)
  orig_kernel, orig_params = pl.kernel, plgpu.CompilerParams
  plgpu.CompilerParams = functools.partial(orig_params, profile_space=space,
                                           profile_dir=trace_dir)
  pl.kernel = functools.partial(orig_kernel, compiler_params=plgpu.CompilerParams())
  jax.clear_caches()
  try:
    f = jax.jit(fn)
    for _ in range(runs):
      jax.block_until_ready(f(*args))
  finally:
    pl.kernel, plgpu.CompilerParams = orig_kernel, orig_params
    jax.clear_caches()
  files = sorted(glob.glob(f"{trace_dir}/*.json"), key=os.path.getmtime)
  return files[-1] if files else None
