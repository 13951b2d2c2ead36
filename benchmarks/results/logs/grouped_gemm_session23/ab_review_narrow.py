"""Session 23 A/B: the grouped GEMM before session 22's review (commit 091f1bd: chunk-store
spacing as empty steps in `_Pending.flushes`; its mosaic.py and _mgpu.py, in pre_review/, not
committed), after it (consume's spacing=), and after it with the last column tile run as column
piece 0 where the output ends in its first half (`narrow_last`). The table's config, checked,
CUPTI kernel times (grouped_gemm_session20/ab_case.py).
python benchmarks/results/logs/grouped_gemm_session23/ab_review_narrow.py OUT shape,... [rounds]"""
import os, sys, time
import jax
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import interleaved, load_module
from pallas_kernels.grouped_gemm import mosaic

here = os.path.dirname(os.path.abspath(__file__))
load_module("_mgpu_pre", f"{here}/pre_review/_mgpu.py")
pre = load_module("mosaic_pre", f"{here}/pre_review/mosaic.py", replace=[(
    "from pallas_kernels import _mgpu\n", "import sys\n_mgpu = sys.modules['_mgpu_pre']\n")])
narrow = mosaic.narrow_last
t0 = time.time()


def variant(module, narrow_fn=None):
  def prepare():
    print(f"  [{time.time() - t0:6.0f} s]", flush=True)
    if narrow_fn is not None:
      mosaic.narrow_last = narrow_fn
    jax.clear_caches()
    return module.grouped_gemm_pallas
  return prepare


interleaved(f"{sys.argv[1]}/ab_review_narrow.json", sys.argv[2].split(","),
            int(sys.argv[3]) if len(sys.argv) > 3 else 1,
            [("pre_review", variant(pre)), ("review", variant(mosaic, lambda *a, **kw: False)),
             ("narrow", variant(mosaic, narrow))], width=28)
mosaic.narrow_last = narrow
