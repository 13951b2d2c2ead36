"""Session 27: bf16 grouped GEMM rows with the table config replaced by 128 x 192 tiles inside
the groups (the tile that won fp8 prefill in run173), one process, interleaved over rows and
rounds, each output checked against the float32 reference.
python benchmarks/results/logs/grouped_gemm_session27/ab_tiles.py OUT rounds variant,... shape,..."""
import dataclasses, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
from ab_case import interleaved
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas

TILES = {"table": {}, "g192b1": dict(block_n=192, num_stages=4, band=1),
         "g192b8": dict(block_n=192, num_stages=4, band=8),
         "g192s3b1": dict(block_n=192, num_stages=3, band=1)}


def variant(label):
  def run(*a, config, **kw):
    fields = dict(TILES[label], block_m=128, split="m", tiles="groups") if TILES[label] else {}
    return grouped_gemm_pallas(*a, config=dataclasses.replace(config, **fields), **kw)
  return label, lambda: run


out, rounds, labels, names = args
interleaved(f"{out}/ab_tiles.json", names.split(","), int(rounds),
            [variant(v) for v in labels.split(",")], width=22)
