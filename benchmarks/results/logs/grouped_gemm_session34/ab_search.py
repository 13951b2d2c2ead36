"""Session 34: the kernel finds each unit's groups (rows tiles: a search of the segment bounds)
or segment (tiles="groups": a search of the segments' running tile counts, `plan.tile_ends`)
itself, instead of reading a per-tile plan XLA computed before the launch (`tile_groups` /
`group_tiles`: 1-2 XLA kernels fewer). Times the grouped GEMM from before the change
(mosaic.py, plan.py and epilogue.py with search.patch reversed, in BEFORE_DIR) against the
current one, and any further variants given as LABEL:DIR (the same three modules from DIR; run226:
"binary", the first form of `count_sorted`, two_level.patch reversed), loaded beside the current
modules, one process, variants interleaved (grouped_gemm_session20/ab_case.interleaved: the
table's config, checked against the float32 reference, CUPTI; `kernel` is the Mosaic kernel
alone, `us` the call's kernels in all).
python .../ab_search.py OUT ROWS ROUNDS BEFORE_DIR [NAME [LABEL:DIR ...]]"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import interleaved, load_module
from pallas_kernels.grouped_gemm import mosaic

out, rows, rounds, before_dir = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4]
name = sys.argv[5] if len(sys.argv) > 5 else "ab_search"


def load(label, folder):
  load_module(f"epilogue_{label}", f"{folder}/epilogue.py")
  load_module(f"plan_{label}", f"{folder}/plan.py")
  return load_module(f"mosaic_{label}", f"{folder}/mosaic.py", replace=[
      ("from pallas_kernels.grouped_gemm.epilogue import", f"from epilogue_{label} import"),
      ("from pallas_kernels.grouped_gemm import plan as plan_module",
       f"import plan_{label} as plan_module"),
      ("from pallas_kernels.grouped_gemm.plan import (", f"from plan_{label} import (")])


variants = [("before", load("before", before_dir))]
variants += [(label, load(label, folder)) for label, folder in
             (arg.split(":", 1) for arg in sys.argv[6:])]
interleaved(f"{out}/{name}.json", rows, rounds,
            [(label, lambda m=m: m.grouped_gemm_pallas) for label, m in variants]
            + [("after", lambda: mosaic.grouped_gemm_pallas)])
