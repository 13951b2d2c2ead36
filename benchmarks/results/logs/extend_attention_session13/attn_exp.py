"""Session 13 experiment: static position order and L2 prefetch of the next CTA's rows.
python out/attn_exp.py OUTDIR shape,shape,...  (configs below; kernel-only + glue, CUPTI)"""
import dataclasses, json, sys, time
import jax, jax.numpy as jnp
from benchmarks import _timing
from jaxkern.shapes import ATTENTION_SHAPES, HD128_ATTENTION_SHAPES
from jaxkern.rules import extend_attention as rule
from pallas_kernels.extend_attention import extend_attention_reference
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas
from pallas_kernels.extend_attention.config import ExtendAttentionPallasConfig as C

out_dir, names = sys.argv[1], sys.argv[2].split(",")
iters = int(sys.argv[3]) if len(sys.argv) > 3 else 10
shapes = {s.name: s for s in ATTENTION_SHAPES + HD128_ATTENTION_SHAPES}
records = []
for name in names:
  shape = shapes[name]
  args, max_ext = shape.batch(page_size=16, dtype=jnp.bfloat16)
  kw = dict(sliding_window=shape.window, max_extend_len=max_ext)
  ref = extend_attention_reference(*[a.astype(jnp.float32) if a.dtype == jnp.bfloat16 else a for a in args], **kw)
  arg_sets = [args] + [shape.batch(page_size=16, dtype=jnp.bfloat16, seed=s)[0]
                       for s in range(1, _timing.rotations_for(args))]
  bk = 128 if shape.head_dim <= 128 else 64
  cfgs = []
  multi = args[5].shape[0] > 1
  for ov in (False, True):
    for order in (("index", "position") if multi else ("index",)):
      for pf in ("none", "q", "qkv"):
        cfgs.append(C(consumers=2, block_kv=bk, num_stages=2, overlap=ov, tile_order=order, prefetch=pf))
  if multi:
    cfgs.append(C(consumers=2, block_kv=bk, num_stages=2, tile_order="cost"))
  if shape.head_dim == 256:
    cfgs += [C(consumers=1, block_kv=64, num_stages=1, prefetch=pf) for pf in ("none", "qkv")]
  for cfg in cfgs:
    t0 = time.time()
    r = _timing.checked_time(dict(shape=name, name=rule.config_name(cfg), config=dataclasses.asdict(cfg)),
                             lambda *a, cfg=cfg: extend_attention_pallas(*a, **kw, config=cfg, num_sms=132),
                             ref, arg_sets, tol=2e-2, iters=iters)
    k = r.get("kernels") or {}
    kern = sum(v for n, v in k.items() if "mosaic" in n)
    print(f"{name:22s} {r['name']:52s} total {r['us'] or float('nan'):8.1f} kernel {kern:8.1f} err {r.get('err', float('nan')):.1e} ({time.time()-t0:.0f}s) {r.get('note','')[:150]}", flush=True)
    records.append(r)
  json.dump(records, open(f"{out_dir}/attn_exp.json", "w"), indent=1)
