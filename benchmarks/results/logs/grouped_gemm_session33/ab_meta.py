"""Session 33: masked row tiles read masked_m in the kernel (`plan.Meta`) instead of an XLA plan
(segment_bounds + tile_groups) before the launch. Times the grouped GEMM from before the change
(mosaic.py and epilogue.py with meta.patch reversed, in BEFORE_DIR, loaded beside the current
modules) against the current one on rows whose table config is masked row tiles, one process,
variants interleaved (grouped_gemm_session20/ab_case.interleaved: the table's config, checked,
CUPTI; `kernel` is the Mosaic kernel alone, `us` the call's kernels in all).
Also run223: the masked row tiles' lhs loads cut to the rows up to masked_m (boxes.patch), the
same way, NAME "ab_boxes".
python .../ab_meta.py OUT ROWS ROUNDS BEFORE_DIR [NAME]"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import interleaved, load_module
from pallas_kernels.grouped_gemm import mosaic

out, rows, rounds, before_dir = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4]
name = sys.argv[5] if len(sys.argv) > 5 else "ab_meta"
load_module("epilogue_before", f"{before_dir}/epilogue.py")
before = load_module("mosaic_before", f"{before_dir}/mosaic.py", replace=[(
    "from pallas_kernels.grouped_gemm.epilogue import", "from epilogue_before import")])
interleaved(f"{out}/{name}.json", rows, rounds,
            [("before", lambda: before.grouped_gemm_pallas),
             ("after", lambda: mosaic.grouped_gemm_pallas)])
