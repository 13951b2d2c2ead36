"""Session 21 A/B: consumers prefetch the next unit's plan entry and segment bounds into L1
(`mosaic.unit_prefetch`, `_mgpu.prefetch_l1`: l1_prefetch_experiment.patch) or not
(unit_prefetch patched to False), same module; the table's config of each shape, checked against
the float32 reference, CUPTI kernel times, variants interleaved.
python benchmarks/results/logs/grouped_gemm_session21/ab_l1.py OUT shape[/masked][/swiglu],... [rounds]
Review after the session: the loop moved to ../grouped_gemm_session20/ab_case.py (interleaved);
the same calls. Runs only with the patch applied."""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import interleaved
from pallas_kernels.grouped_gemm import mosaic

orig = mosaic.unit_prefetch


def variant(prefetch):
  def prepare():
    mosaic.unit_prefetch = orig if prefetch else (lambda *a, **k: False)
    return mosaic.grouped_gemm_pallas
  return prepare


interleaved(f"{sys.argv[1]}/ab_l1.json", sys.argv[2].split(","),
            int(sys.argv[3]) if len(sys.argv) > 3 else 2,
            [("no_l1", variant(False)), ("l1", variant(True))], stop_on="l1")
mosaic.unit_prefetch = orig
