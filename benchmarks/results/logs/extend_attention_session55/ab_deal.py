"""Session 55: persistent CTAs with the items dealt at run time (plan.runtime_deal: runs of
consecutive items of about equal cost from the tiles' real key steps; mosaic._RUNTIME_DEAL)
against the static deal (plan.persistent_deal, every prefix priced at the static bound) and one
CTA per item, on PEERS.md-style batches (uniform prefixes) and on batches of mixed prefixes (as
ab_prefixes.py). Each case's config as the rule picks it on this device, persistence off, then
on with either deal; interleaved rounds in one process, checked against the float32 reference,
CUPTI: the Mosaic kernel's time and the whole call's (the run-time deal adds XLA kernels).
python benchmarks/results/logs/extend_attention_session55/ab_deal.py OUT cases [rounds]"""
import dataclasses
import json
import sys

import jax.numpy as jnp
import numpy as np

sys.path.insert(0, "benchmarks/results/logs/extend_attention_session16")
from attn_case import SHAPES, kernel_us
from benchmarks import _mgpu_debug, _timing
from jaxkern.device import DeviceSpec
from jaxkern.ops.extend_attention import attention_problem
from jaxkern.rules import extend_attention as rule
from jaxkern.shapes import make_paged_batch
from pallas_kernels.extend_attention import extend_attention_reference, mosaic

out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
device = DeviceSpec.current()
SMS = device.num_sms or 132
rng = np.random.default_rng(55)
HD128 = dict(num_q_heads=32, num_kv_heads=8, head_dim=128)
HD256 = dict(num_q_heads=8, num_kv_heads=4, head_dim=256)
MIXED = {   # the same draws as ab_prefixes.py (run383)
    "hd128_8x1024_mixed": (HD128, [(p, 1024) for p in (2048, 0, 1024, 256, 2048, 512, 1536, 128)]),
    "hd128_8x1024_skew": (HD128, [(8192, 1024)] + [(0, 1024)] * 7),
    "hd256_32x512_mixed": (HD256, [(int(p), 512) for p in rng.integers(0, 1025, 32)]),
    "hd256_8x512_skew": (HD256, [(4096, 512)] + [(0, 512)] * 7),
    "hd256_16x1024_mixed": (HD256, [(int(p), 1024) for p in rng.integers(0, 2049, 16)]),
}


def batch(name, seed):
  if name in MIXED:
    heads, seqs = MIXED[name]
    return make_paged_batch(seqs, page_size=16, dtype=jnp.bfloat16, seed=seed, **heads)
  return SHAPES[name].batch(page_size=16, dtype=jnp.bfloat16, seed=seed)


_mgpu_debug.install()
records = []
for name in names:
  args, max_ext = batch(name, 0)
  kw = dict(sliding_window=SHAPES[name].window if name in SHAPES else None, max_extend_len=max_ext)
  ref = extend_attention_reference(*[a.astype(jnp.float32) if a.dtype == jnp.bfloat16 else a
                                     for a in args], **kw)
  arg_sets = [args] + [batch(name, s)[0] for s in range(1, _timing.rotations_for(args))]
  problem = attention_problem(*args, sm_scale=None, logit_cap=None, **kw)
  base = dataclasses.replace(rule.choose(problem, device).config, persistent_ctas=0)
  pers = dataclasses.replace(base, persistent_ctas=SMS)
  for rnd in range(rounds):
    for label, cfg, runtime in (("one", base, False), ("static", pers, False),
                                ("runtime", pers, True)):
      mosaic._RUNTIME_DEAL = runtime
      r = _timing.checked_time(dict(case=name, round=rnd, variant=label,
                                    config=rule.config_name(cfg)),
                               lambda *a, cfg=cfg: mosaic.extend_attention_pallas(*a, **kw, config=cfg),
                               ref, arg_sets, tol=2e-2, iters=20)
      r["kernel_us"] = kern = kernel_us(r.get("kernels"))
      print(f"r{rnd} {name:22s} {r['config']:40s} {label:8s} kernel {kern:7.2f} call "
            f"{r.get('us') or float('nan'):7.2f} err {r.get('err', float('nan')):.1e} "
            f"{r.get('note', '')[:200]}", flush=True)
      records.append(r)
  json.dump(records, open(f"{out_dir}/ab_deal.json", "w"), indent=1)
mosaic._RUNTIME_DEAL = False
