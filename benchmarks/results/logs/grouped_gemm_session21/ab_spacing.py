"""Session 21 A/B (measurement for the next session, not landed): a deferred unit's chunk stores
one per K step (committed) vs one every other step (`_Pending.flushes` patched to put a no-op
between chunks: up to 7 peeled steps); the table's config, checked, CUPTI kernel times.
python benchmarks/results/logs/grouped_gemm_session21/ab_spacing.py OUT shape,... [rounds]"""
import json, sys
import jax
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case, timed
from pallas_kernels.grouped_gemm import mosaic

out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
orig = mosaic._Pending.flushes


def every_other(self, *args, **kw):
  spaced = []
  for f in orig(self, *args, **kw):
    spaced += [f, lambda: None]
  return tuple(spaced[:-1])


records = []
for full in names:
  sets, call, ref, cfg, flops = case(full)
  for rnd in range(rounds):
    for label, fn in (("every", orig), ("every_other", every_other)):
      mosaic._Pending.flushes = fn
      jax.clear_caches()       # _call's trace is cached per config: both variants share it
      records.append(timed(dict(shape=full, round=rnd, variant=label, config=str(cfg)),
                           call(mosaic.grouped_gemm_pallas, config=cfg), ref, sets, flops,
                           f"r{rnd} {full:28s} {label:12s}"))
  mosaic._Pending.flushes = orig
  json.dump(records, open(f"{out_dir}/ab_spacing.json", "w"), indent=1)
