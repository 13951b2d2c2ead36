"""Session 20 A/B: the consumer's per-unit plan scalars loaded one / two units ahead
(`mosaic._TileMeta`) vs loaded at the start of each unit (commit 4c584cc's mosaic.py, carried as
out/mosaic_ref.py and imported beside the current module); the table's config of each shape,
checked against the float32 reference, CUPTI kernel times, variants interleaved.
python benchmarks/results/logs/grouped_gemm_session20/ab_prefetch.py OUT shape[/masked][/swiglu],... [rounds]
Review after the session: the case setup and the timed line moved to ab_case.py (shared with
ab_deferred.py); the same calls."""
import importlib.util, json, sys
from ab_case import case, timed
from benchmarks import _mgpu_debug
from pallas_kernels.grouped_gemm import mosaic

spec = importlib.util.spec_from_file_location("mosaic_ref", "out/mosaic_ref.py")
mosaic_ref = sys.modules["mosaic_ref"] = importlib.util.module_from_spec(spec)   # dataclasses
spec.loader.exec_module(mosaic_ref)
out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
_mgpu_debug.install()
records = []
for full in names:
  sets, call, ref, cfg, flops = case(full)
  for rnd in range(rounds):
    for label, mod in (("ref", mosaic_ref), ("prefetch", mosaic)):
      records.append(timed(dict(shape=full, round=rnd, variant=label, config=str(cfg)),
                           call(mod.grouped_gemm_pallas, config=cfg), ref, sets, flops,
                           f"r{rnd} {full:34s} {label:8s}",
                           stop_on_layout_failure=label == "prefetch"))
  json.dump(records, open(f"{out_dir}/ab_prefetch.json", "w"), indent=1)
