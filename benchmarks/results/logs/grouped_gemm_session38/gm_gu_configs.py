"""Session 38: 128 x 128 group tiles on Gemma's gate/up (N = 1408 = 11 x 128: no partial column
tile; half tiles on, 64 x 128 a consumer; 1.065x the valid rows' FLOPs against 1.225x for the
table's 128 x 192, whose last column tile computes 64 useful columns of 192 and which has no half
tiles), against the table's config, one process, variants interleaved
(grouped_gemm_session20/ab_case: checked against the float32 reference, CUPTI).
python .../gm_gu_configs.py OUT ROWS ROUNDS NAME"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import config_runner, interleaved
from pallas_kernels.grouped_gemm import mosaic

out, rows, rounds, name = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4]
G = dict(tiles="groups", block_m=128, block_n=128, split="m")
VARIANTS = {"table": {}, "128s4b1": dict(G, num_stages=4, band=1),
            "128s6b1": dict(G, num_stages=6, band=1), "128s5b8": dict(G, num_stages=5, band=8)}
interleaved(f"{out}/{name}.json", rows, rounds,
            [(label, lambda o=o: config_runner(mosaic, o)) for label, o in VARIANTS.items()])
