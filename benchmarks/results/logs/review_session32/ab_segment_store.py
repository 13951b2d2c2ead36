"""Review of session 32: the grouped GEMM's one-segment tile ends (deferred stores, fp8
stream-K, fp8 group tiles) share `segment_store` / one `group` call. The lowered kernels are
byte-identical except fp8 group tiles without stream-K (benchmarks.kernel_jaxprs --lowered: g6,
where the segment's `g_lo <= g_hi` is now computed once, not twice). This times the kernel from
before the review (mosaic.py with mosaic_review.patch reversed, loaded beside the current one)
against the current one on the rows whose table config is such a build, one process, variants
interleaved (grouped_gemm_session20/ab_case.interleaved: the table's config, checked, CUPTI).
python .../ab_segment_store.py OUT ROWS ROUNDS BEFORE_PY"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import interleaved, load_module
from pallas_kernels.grouped_gemm import mosaic

out, rows, rounds, before_py = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4]
before = load_module("mosaic_before_review", before_py)
interleaved(f"{out}/ab_segment_store.json", rows, rounds,
            [("before", lambda: before.grouped_gemm_pallas),
             ("after", lambda: mosaic.grouped_gemm_pallas)])
