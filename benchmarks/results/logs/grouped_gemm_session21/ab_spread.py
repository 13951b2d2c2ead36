"""Session 21 A/B: a deferred unit's stores issued one 64-column chunk per K step of the next
unit (`_Pending.flushes`, `_mgpu.consume(after_steps=)`) vs all after its first step (commit
822ad0b's grouped_gemm/mosaic.py and _mgpu.py, carried as out/mosaic_ref.py and
out/_mgpu_ref.py and imported beside the working tree's); the table's config of each shape,
checked against the float32 reference, CUPTI kernel times, variants interleaved.
python benchmarks/results/logs/grouped_gemm_session21/ab_spread.py OUT shape[/masked][/swiglu],... [rounds]
Review after the session: the loop and the module loading moved to ../grouped_gemm_session20/
ab_case.py (interleaved, load_module); the same calls."""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import interleaved, load_module
from pallas_kernels.grouped_gemm import mosaic

load_module("_mgpu_ref", "out/_mgpu_ref.py")
mosaic_ref = load_module("mosaic_ref", "out/mosaic_ref.py",
                         [("from pallas_kernels import _mgpu\n", "import _mgpu_ref as _mgpu\n")])
interleaved(f"{sys.argv[1]}/ab_spread.json", sys.argv[2].split(","),
            int(sys.argv[3]) if len(sys.argv) > 3 else 2,
            [("ref", lambda: mosaic_ref.grouped_gemm_pallas),
             ("spread", lambda: mosaic.grouped_gemm_pallas)], stop_on="spread")
