"""Session 38: group tiles (tiles="groups": exact-row stores, the rows past masked_m as zero units
dealt after the work) on the masked decode rows where the row-tile table configs only tie or
trail cuBLAS batched (DS_G16_m32_dn/masked 124.5 vs 122.2 us, DS_G16_m64_gu/masked 226.9 vs
226.7, run232), against the table's config and the XLA path (the batched dot), one process,
variants interleaved (grouped_gemm_session20/ab_case: checked against the float32 reference,
CUPTI).
python .../masked_configs.py OUT ROWS ROUNDS NAME"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import config_runner, interleaved
from pallas_kernels.grouped_gemm import mosaic

out, rows, rounds, name = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4]
G = dict(tiles="groups", stream_k=False, sk_partials="tile")
VARIANTS = {"table": {},
            "g64x128s6b1": dict(G, block_m=64, block_n=128, num_stages=6, split="n", band=1),
            "g64x256s4b2": dict(G, block_m=64, block_n=256, num_stages=4, split="n", band=2),
            "g128x256s3b8": dict(G, block_m=128, block_n=256, num_stages=3, split="m", band=8),
            "xla": None}
interleaved(f"{out}/{name}.json", rows, rounds,
            [(label, lambda o=o: config_runner(mosaic, o)) for label, o in VARIANTS.items()],
            width=22)
