"""Session 21 A/B: a deferred unit's stores issued one 64-column chunk per K step of the next
unit (`_Pending.flushes`, `_mgpu.consume(after_steps=)`) vs all after its first step (commit
822ad0b's grouped_gemm/mosaic.py and _mgpu.py, carried as out/mosaic_ref.py and
out/_mgpu_ref.py and imported beside the working tree's); the table's config of each shape,
checked against the float32 reference, CUPTI kernel times, variants interleaved.
python benchmarks/results/logs/grouped_gemm_session21/ab_spread.py OUT shape[/masked][/swiglu],... [rounds]"""
import importlib.util, json, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case, timed
from benchmarks import _mgpu_debug
from pallas_kernels.grouped_gemm import mosaic


def load(name, path, replace=()):
  src = open(path).read()
  for a, b in replace:
    src = src.replace(a, b)
  spec = importlib.util.spec_from_loader(name, loader=None)
  mod = sys.modules[name] = importlib.util.module_from_spec(spec)   # dataclasses need it
  exec(compile(src, path, "exec"), mod.__dict__)
  return mod


load("_mgpu_ref", "out/_mgpu_ref.py")
mosaic_ref = load("mosaic_ref", "out/mosaic_ref.py",
                  [("from pallas_kernels import _mgpu\n", "import _mgpu_ref as _mgpu\n")])
out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
_mgpu_debug.install()
records = []
for full in names:
  sets, call, ref, cfg, flops = case(full)
  for rnd in range(rounds):
    for label, mod in (("ref", mosaic_ref), ("spread", mosaic)):
      records.append(timed(dict(shape=full, round=rnd, variant=label, config=str(cfg)),
                           call(mod.grouped_gemm_pallas, config=cfg), ref, sets, flops,
                           f"r{rnd} {full:34s} {label:8s}",
                           stop_on_layout_failure=label == "spread"))
  json.dump(records, open(f"{out_dir}/ab_spread.json", "w"), indent=1)
