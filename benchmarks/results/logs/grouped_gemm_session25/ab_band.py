"""Session 25: the grouped GEMM kernel with the table config and its `band` replaced (band 1: a
row tile's column tiles on consecutive units, so concurrent CTAs read neighbouring column strips
of one group's weights), interleaved over rows and rounds in one process, each output checked.
python benchmarks/results/logs/grouped_gemm_session25/ab_band.py OUT rounds band,... shape,..."""
import dataclasses, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
from ab_case import interleaved
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas


def variant(band):
  def run(*a, config, **kw):
    return grouped_gemm_pallas(*a, config=dataclasses.replace(config, band=band), **kw)
  return f"b{band}", lambda: run


out, rounds, bands, names = args
interleaved(f"{out}/ab_band.json", names.split(","), int(rounds),
            [variant(int(b)) for b in bands.split(",")], width=22)
