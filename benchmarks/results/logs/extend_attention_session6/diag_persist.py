"""Debug: persistent kernel vs CTA count / schedule (kernel time only), and ptxas stats."""
import functools, sys
import jax, jax.numpy as jnp
from benchmarks import _timing
import pallas_kernels.extend_attention.mosaic as m
from jaxkern.shapes import ATTENTION_SHAPES
C = m.ExtendAttentionPallasConfig
shapes = {s.name: s for s in ATTENTION_SHAPES}
for name in sys.argv[1].split(","):
  shape = shapes[name]
  args, max_ext = shape.batch(page_size=16, dtype=jnp.bfloat16)
  T = args[0].shape[0]; tiles = -(-T // 64); items = tiles * 4
  cfgs = [C(tiles="global", consumers=2)]
  for n in sorted({items, 264, 132, 66}):
    for sch in ("head", "cost"):
      cfgs.append(C(tiles="global", consumers=2, num_ctas=n, schedule=sch))
  for cfg in cfgs:
    f = functools.partial(m.extend_attention_pallas, config=cfg, max_extend_len=max_ext,
                          sliding_window=shape.window)
    t = _timing.time_fn(f, [args], iters=20)
    k = max(t.kernels.items(), key=lambda x: x[1]) if t.kernels else ("", 0)
    print(f"{name:18s} ctas={cfg.num_ctas:5d} {cfg.schedule:4s} items={items} total {t.us:7.1f} kernel {k[1]:7.1f}", flush=True)
