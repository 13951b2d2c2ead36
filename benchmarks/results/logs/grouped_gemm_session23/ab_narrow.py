"""Session 23 A/B: the last column tile computing only the columns that hold output
(`narrow_cols`: Gemma's N = 1408 in 256-column tiles, its sixth tile 128 columns) vs the whole
tile; the table's config, checked, CUPTI kernel times (grouped_gemm_session20/ab_case.py).
python benchmarks/results/logs/grouped_gemm_session23/ab_narrow.py OUT shape,... [rounds]"""
import sys
import jax
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import interleaved
from pallas_kernels.grouped_gemm import mosaic

narrow = mosaic.narrow_cols


def variant(fn):
  def prepare():
    mosaic.narrow_cols = fn
    jax.clear_caches()       # _call's trace is cached per config: both variants share it
    return mosaic.grouped_gemm_pallas
  return prepare


interleaved(f"{sys.argv[1]}/ab_narrow.json", sys.argv[2].split(","),
            int(sys.argv[3]) if len(sys.argv) > 3 else 1,
            [("whole", variant(lambda *a, **kw: 0)), ("narrow", variant(narrow))], width=28)
mosaic.narrow_cols = narrow
