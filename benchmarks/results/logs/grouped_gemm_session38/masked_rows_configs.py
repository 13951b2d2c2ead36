"""Session 38: stages and bands around the table's row-tile configs on the two masked decode rows
that tie or trail cuBLAS batched (run264): DS_G16_m64_gu/masked (128 x 256, 3 stages, band 8) and
DS_G16_m32_dn/masked (64 x 256 split n, 4 stages, band 2), one process per row, variants
interleaved (grouped_gemm_session20/ab_case: checked against the float32 reference, CUPTI).
python .../masked_rows_configs.py OUT ROW ROUNDS NAME"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import config_runner, interleaved
from pallas_kernels.grouped_gemm import mosaic

out, row, rounds, name = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
VARIANTS = {
    "DS_G16_m64_gu/masked": {"table": {}, "s4b8": dict(num_stages=4, band=8),
                             "s3b2": dict(num_stages=3, band=2), "s3b4": dict(num_stages=3, band=4)},
    "DS_G16_m32_dn/masked": {"table": {}, "s5b2": dict(num_stages=5, band=2),
                             "s3b2": dict(num_stages=3, band=2), "s4b4": dict(num_stages=4, band=4)},
}[row]
interleaved(f"{out}/{name}.json", [row], rounds,
            [(label, lambda o=o: config_runner(mosaic, o)) for label, o in VARIANTS.items()],
            width=22)
