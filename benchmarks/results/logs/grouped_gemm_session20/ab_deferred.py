"""Session 20 A/B: group tiles with each unit's stores issued under the next unit's first K step
(mosaic.deferred_stores, `_Pending`) vs stored right after the unit's K loop, and (run122 on) a
last column tile at most half inside N run as its first column piece (mosaic.narrow_last_column)
or whole; the table's config of each shape, checked against the float32 reference, CUPTI kernel
times, variants interleaved.
python benchmarks/results/logs/grouped_gemm_session20/ab_deferred.py OUT shape[/swiglu],... [rounds [variants]]
variants: e.g. "10,11" = (deferred, narrow) pairs; default "00,10" (run120/121: deferral only,
narrow did not exist yet)."""
import functools, json, sys
import jax
import jaxkern
from benchmarks import _mgpu_debug, _timing
from benchmarks.grouped_gemm import _inputs
from jaxkern.shapes import GROUPED_GEMM_SHAPES
from pallas_kernels.grouped_gemm import grouped_gemm_reference, mosaic

out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
variants = [(v[0] == "1", v[1] == "1") for v in (sys.argv[4] if len(sys.argv) > 4 else "00,10").split(",")]
shapes = {s.name: s for s in GROUPED_GEMM_SHAPES}
orig, orig_narrow = mosaic.deferred_stores, getattr(mosaic, "narrow_last_column", None)
off = lambda *a, **k: False
_mgpu_debug.install()
records = []
for full in names:
  name, _, act = full.partition("/")
  act = act or None
  s = shapes[name]
  sets = [_inputs(s, seed) for seed in range(_timing.rotations_for(_inputs(s, 0)))]
  ref = jax.jit(functools.partial(grouped_gemm_reference, activation=act))(*sets[0])
  choice = jaxkern.explain(functools.partial(jaxkern.grouped_gemm, activation=act), *sets[0])[0]
  cfg = choice.config
  rows = int(s.group_sizes().sum())
  flops = 2.0 * rows * s.k * s.n
  for rnd in range(rounds):
    for deferred, narrow in variants:
      mosaic.deferred_stores = orig if deferred else off
      if orig_narrow is not None:
        mosaic.narrow_last_column = orig_narrow if narrow else off
      fn = functools.partial(mosaic.grouped_gemm_pallas, config=cfg, activation=act)
      r = _timing.checked_time(dict(shape=full, round=rnd, deferred=deferred, narrow=narrow,
                                    config=str(cfg)),
                               fn, ref, sets, tol=2e-2, iters=10)
      kern = sum(v for k, v in (r.get("kernels") or {}).items() if "mosaic" in k or "kernel" in k)
      r["kernel_us"] = kern
      us = r.get("us")
      print(f"r{rnd} {full:32s} deferred={deferred:d} narrow={narrow:d} " + (
            f"{us:8.1f} us ({flops / us / 1e6:5.0f} TF/s) kernel {kern:8.1f} err {r['err']:.1e}"
            if us else f"failed {r.get('note', '')[:300]}"), flush=True)
      records.append(r)
      if deferred and not us and "Failed to infer" in r.get("note", ""):
        sys.exit("layout inference failed: stop (run120 failed every shape the same way)")
  mosaic.deferred_stores, mosaic.narrow_last_column = orig, orig_narrow
  json.dump(records, open(f"{out_dir}/ab_deferred.json", "w"), indent=1)
