"""Session 16: timing ablations of the global-tile attention kernel (results wrong on purpose).
python out/ablate_exp.py OUTDIR shape,... [iters] [store|mask]"""
import dataclasses, json, sys, time
import jax, jax.numpy as jnp
from benchmarks import _timing
from jaxkern.rules import extend_attention as rule
from attn_case import case, kernel_us
from pallas_kernels.extend_attention import mosaic
from pallas_kernels.extend_attention.mosaic import extend_attention_pallas

out_dir, names = sys.argv[1], sys.argv[2].split(",")
iters = int(sys.argv[3]) if len(sys.argv) > 3 else 10
ABLATIONS = {"store": ((), ("nowait",), ("fullwait",), ("nostore",), ("noqwait",), ("nostore", "noqwait")),
             "mask": ((), ("nomask",), ("allmask",))}  # run88 (ablate_experiment.patch), run92 (ablate_mask_experiment.patch)
records = []
for name in names:
  args, kw, _, arg_sets, cfg = case(name, reference=False)
  for ab in (ABLATIONS[sys.argv[4] if len(sys.argv) > 4 else "store"]):
    mosaic._ABLATE = frozenset(ab)
    t = _timing.time_fn(lambda *a: extend_attention_pallas(*a, **kw, config=cfg), arg_sets, iters=iters)
    kern = kernel_us(t.kernels)
    print(f"{name:22s} {rule.config_name(cfg):44s} {'+'.join(ab) or 'baseline':18s} kernel {kern:8.1f}", flush=True)
    records.append(dict(shape=name, config=rule.config_name(cfg), ablate=list(ab), kernel_us=kern))
  json.dump(records, open(f"{out_dir}/ablate_exp.json", "w"), indent=1)
