"""Session 20 A/B: the consumer's per-unit plan scalars loaded one / two units ahead
(`mosaic._TileMeta`) vs loaded at the start of each unit (commit 4c584cc's mosaic.py, carried as
out/mosaic_ref.py and imported beside the current module); the table's config of each shape,
checked against the float32 reference, CUPTI kernel times, variants interleaved.
python benchmarks/results/logs/grouped_gemm_session20/ab_prefetch.py OUT shape[/masked][/swiglu],... [rounds]"""
import functools, importlib.util, json, sys
import jax
import jaxkern
from benchmarks import _mgpu_debug, _timing
from benchmarks.grouped_gemm import _inputs
from jaxkern.shapes import GROUPED_GEMM_SHAPES
from pallas_kernels.grouped_gemm import grouped_gemm_reference, mosaic

spec = importlib.util.spec_from_file_location("mosaic_ref", "out/mosaic_ref.py")
mosaic_ref = sys.modules["mosaic_ref"] = importlib.util.module_from_spec(spec)   # dataclasses
spec.loader.exec_module(mosaic_ref)
out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
shapes = {s.name: s for s in GROUPED_GEMM_SHAPES}
_mgpu_debug.install()
records = []
for full in names:
  name, *flags = full.split("/")
  act = "swiglu" if "swiglu" in flags else None
  masked = "masked" in flags
  s = shapes[name]
  sets = [_inputs(s, seed, masked=masked)
          for seed in range(_timing.rotations_for(_inputs(s, 0, masked=masked)))]

  def call(f, **kw):
    def run(a, b, g):
      return f(a, b, **(dict(masked_m=g) if masked else dict(group_sizes=g)), activation=act, **kw)
    return run
  ref = jax.jit(call(grouped_gemm_reference))(*sets[0])
  cfg = jaxkern.explain(call(jaxkern.grouped_gemm), *sets[0])[0].config
  rows = int(sum(int(x) for x in sets[0][2]))
  flops = 2.0 * rows * s.k * s.n
  for rnd in range(rounds):
    for label, mod in (("ref", mosaic_ref), ("prefetch", mosaic)):
      r = _timing.checked_time(dict(shape=full, round=rnd, variant=label, config=str(cfg)),
                               call(mod.grouped_gemm_pallas, config=cfg), ref, sets, tol=2e-2,
                               iters=10)
      kern = sum(v for k, v in (r.get("kernels") or {}).items() if "mosaic" in k)
      r["kernel_us"] = kern
      us = r.get("us")
      print(f"r{rnd} {full:34s} {label:8s} " + (
            f"{us:8.1f} us ({flops / us / 1e6:5.0f} TF/s) kernel {kern:8.1f} err {r['err']:.1e}"
            if us else f"failed {r.get('note', '')[:300]}"), flush=True)
      records.append(r)
      if label == "prefetch" and not us and "Failed to infer" in r.get("note", ""):
        sys.exit("layout inference failed: stop")
  json.dump(records, open(f"{out_dir}/ab_prefetch.json", "w"), indent=1)
