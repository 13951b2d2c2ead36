"""Session 21 A/B: consumers prefetch the next unit's plan entry and segment bounds into L1
(`mosaic.unit_prefetch`, `_mgpu.prefetch_l1`) or not (unit_prefetch patched to False), same
module; the table's config of each shape, checked against the float32 reference, CUPTI kernel
times, variants interleaved.
python benchmarks/results/logs/grouped_gemm_session21/ab_l1.py OUT shape[/masked][/swiglu],... [rounds]"""
import json, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import case, timed
from benchmarks import _mgpu_debug
from pallas_kernels.grouped_gemm import mosaic

out_dir, names = sys.argv[1], sys.argv[2].split(",")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
orig, off = mosaic.unit_prefetch, lambda *a, **k: False
_mgpu_debug.install()
records = []
for full in names:
  sets, call, ref, cfg, flops = case(full)
  for rnd in range(rounds):
    for label, fn in (("no_l1", off), ("l1", orig)):
      mosaic.unit_prefetch = fn
      records.append(timed(dict(shape=full, round=rnd, variant=label, config=str(cfg)),
                           call(mosaic.grouped_gemm_pallas, config=cfg), ref, sets, flops,
                           f"r{rnd} {full:34s} {label:8s}", stop_on_layout_failure=label == "l1"))
  mosaic.unit_prefetch = orig
  json.dump(records, open(f"{out_dir}/ab_l1.json", "w"), indent=1)
