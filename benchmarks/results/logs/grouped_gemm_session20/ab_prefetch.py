"""Session 20 A/B: the consumer's per-unit plan scalars loaded one / two units ahead
(`mosaic._TileMeta`) vs loaded at the start of each unit (commit 4c584cc's mosaic.py, carried as
out/mosaic_ref.py and imported beside the current module); the table's config of each shape,
checked against the float32 reference, CUPTI kernel times, variants interleaved.
python benchmarks/results/logs/grouped_gemm_session20/ab_prefetch.py OUT shape[/masked][/swiglu],... [rounds]
Review after session 20: the case setup and the timed line moved to ab_case.py (shared with
ab_deferred.py); after session 21: the loop and the module loading too (ab_case.interleaved,
load_module); the same calls."""
import sys
from ab_case import interleaved, load_module
from pallas_kernels.grouped_gemm import mosaic

mosaic_ref = load_module("mosaic_ref", "out/mosaic_ref.py")
interleaved(f"{sys.argv[1]}/ab_prefetch.json", sys.argv[2].split(","),
            int(sys.argv[3]) if len(sys.argv) > 3 else 1,
            [("ref", lambda: mosaic_ref.grouped_gemm_pallas),
             ("prefetch", lambda: mosaic.grouped_gemm_pallas)], stop_on="prefetch")
