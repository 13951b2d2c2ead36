"""Debug: Mosaic GPU profiler traces of the attention kernel (coarse named regions)."""
import functools, glob, json, os, sys
import numpy as np
import jax, jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu
import pallas_kernels.extend_attention.mosaic as m
from jaxkern.shapes import ATTENTION_SHAPES
C = m.ExtendAttentionPallasConfig
OUT = os.environ["OUT"]
orig = plgpu.CompilerParams
shapes = {s.name: s for s in ATTENTION_SHAPES}
runs = [("chunk_32x512_p0", C(tiles="global", consumers=2), 48),
        ("chunk_32x512_p0", C(tiles="global", consumers=2, num_ctas=132), 48),
        ("chunk_32x512_p0", C(tiles="global", consumers=1), 100),
        ("chunk_32x512_p0", C(tiles="global", consumers=1, num_ctas=132), 100),
        ("prefill_long", C(tiles="global", consumers=2), 48),
        ("prefill_long", C(tiles="global", consumers=2, num_ctas=132), 48)]
summary = []
for name, cfg, space in runs:
  shape = shapes[name]
  tag = f"{name}_c{cfg.consumers}_p{cfg.num_ctas}"
  d = f"{OUT}/prof_{tag}"
  os.makedirs(d, exist_ok=True)
  plgpu.CompilerParams = functools.partial(orig, profile_space=space, profile_dir=d,
                                           reduction_scratch_bytes=0)
  args, max_ext = shape.batch(page_size=16, dtype=jnp.bfloat16)
  f = jax.jit(functools.partial(m.extend_attention_pallas, config=cfg, max_extend_len=max_ext,
                                sliding_window=shape.window))
  for _ in range(3):
    f(*args).block_until_ready()
  files = sorted(glob.glob(f"{d}/*.json"), key=os.path.getmtime)
  if not files:
    print(tag, "no trace", os.listdir(d)); continue
  ev = json.load(open(files[-1]))["traceEvents"]
  # per (pid=SM, tid=warpgroup trace): ranges
  by = {}
  for e in ev:
    by.setdefault((e["pid"], e["tid"]), []).append(e)
  t0 = min(e["ts"] for e in ev); t1 = max(e["ts"] for e in ev)
  dur = {}; counts = {}
  per_sm_end = {}
  for (pid, tid), es in by.items():
    stack = []
    for e in es:
      if e["ph"] == "B": stack.append(e)
      else:
        b = stack.pop()
        if stack and stack[-1]["name"] == b["name"]: continue  # nested duplicate
        dur[b["name"]] = dur.get(b["name"], 0) + e["ts"] - b["ts"]
        counts[b["name"]] = counts.get(b["name"], 0) + 1
    per_sm_end[pid] = max(per_sm_end.get(pid, 0), max(x["ts"] for x in es))
  ends = np.array(sorted(per_sm_end.values())) - t0
  rec = dict(tag=tag, span_us=(t1 - t0), sms=len(per_sm_end), traces=len(by),
             mean_us={k: dur[k] / counts[k] for k in dur}, count=counts,
             total_us_per_trace={k: dur[k] / len(by) for k in dur},
             sm_end_us_pct=[float(np.percentile(ends, q)) for q in (0, 10, 50, 90, 100)])
  print(json.dumps(rec), flush=True)
  summary.append(rec)
  # one CTA's timeline (first SM) for inspection
  pid0 = sorted(per_sm_end)[0]
  tl = [(e["tid"], e["name"], e["ph"], round(e["ts"] - t0, 2)) for (p, t), es in by.items() if p == pid0 for e in es]
  print("  timeline SM", pid0, tl[:80], flush=True)
json.dump(summary, open(f"{OUT}/profile_summary.json", "w"), indent=1)
