"""Session 33: the decode rows (masked: row tiles, 64 rows, split "n"; contiguous: group tiles)
on narrower column tiles with deeper rings (cuBLAS's kernel on Gm_decode_dn/masked is 128 x 128 with 6 stages:
logs/grouped_gemm_session29 review, run194), against the table's 64 x 256, 4 stages. One
process, interleaved over rows and rounds, every output checked.
python benchmarks/results/logs/grouped_gemm_session33/ab_decode_configs.py OUT rounds variant,... shape,..."""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
from ab_case import config_runner, interleaved
from pallas_kernels.grouped_gemm import mosaic

R = dict(tiles="rows", block_m=64, split="n")
CONFIGS = {"table": {},
           "n256s4b2": dict(block_n=256, num_stages=4, band=2, **R),   # the table's before run219
           "n128s5b2": dict(block_n=128, num_stages=5, band=2, **R),
           "n128s6b1": dict(block_n=128, num_stages=6, band=1, **R),
           "n128s6b8": dict(block_n=128, num_stages=6, band=8, **R),
           "n128s6b2": dict(block_n=128, num_stages=6, band=2, **R),
           "n128s8b2": dict(block_n=128, num_stages=8, band=2, **R),
           "n128s8b4": dict(block_n=128, num_stages=8, band=4, **R),
           "n256s4b4": dict(block_n=256, num_stages=4, band=4, **R),
           "n128s4b2": dict(block_n=128, num_stages=4, band=2, **R),
           "n128s5b4": dict(block_n=128, num_stages=5, band=4, **R),
           "n128s5b8": dict(block_n=128, num_stages=5, band=8, **R),
           # 128-row tiles, rows split (DS_G16_m64_gu/masked's table config is 128 x 256, 3 stages)
           "m128n128s6b8": dict(tiles="rows", block_m=128, block_n=128, split="m", num_stages=6,
                                band=8),
           "m128n128s5b8": dict(tiles="rows", block_m=128, block_n=128, split="m", num_stages=5,
                                band=8),
           # contiguous decode rows: group tiles (the table's Gm_decode_dn and DS_G16_m32_dn rows
           # are 64 x 256, 4 stages, split n, bands 1 and 2)
           "g64n128s5b1": dict(tiles="groups", block_m=64, block_n=128, split="n", num_stages=5,
                               band=1),
           "g64n128s6b1": dict(tiles="groups", block_m=64, block_n=128, split="n", num_stages=6,
                               band=1)}
out, rounds, labels, names = args
interleaved(f"{out}/ab_decode_configs.json", names.split(","), int(rounds),
            [(v, lambda v=v: config_runner(mosaic, CONFIGS[v])) for v in labels.split(",")],
            width=24)
