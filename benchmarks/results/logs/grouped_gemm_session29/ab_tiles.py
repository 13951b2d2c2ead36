"""Session 29: Gemma gate/up (N = 1408 = 11 x 128) on 128 x 128 group tiles, which need no
padding columns (128 x 192 and 128 x 256 tiles compute 1536), against the table's 128 x 192
group tiles (band 1). One process, interleaved over rows and rounds, every output checked.
python benchmarks/results/logs/grouped_gemm_session29/ab_tiles.py OUT rounds variant,... shape,..."""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
from ab_case import config_runner, interleaved
from pallas_kernels.grouped_gemm import mosaic

G = dict(tiles="groups", block_m=128, block_n=128, split="m")
CONFIGS = {"table": {},
           "g128x128s4b1": dict(num_stages=4, band=1, **G),
           "g128x128s6b1": dict(num_stages=6, band=1, **G),
           "g128x128s6b8": dict(num_stages=6, band=8, **G)}
out, rounds, labels, names = args
interleaved(f"{out}/ab_tiles.json", names.split(","), int(rounds),
            [(v, lambda v=v: config_runner(mosaic, CONFIGS[v])) for v in labels.split(",")],
            width=24)
