"""Session 26: the grouped GEMM kernel with the table config, the last column tile computing only
the half of its columns that holds the rest of N (mosaic._NARROW_LAST, `narrow_last_tile`) vs the
whole tile, interleaved over rows and rounds in one process, each output checked.
python benchmarks/results/logs/grouped_gemm_session26/ab_narrow.py OUT rounds shape,..."""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
from ab_case import interleaved  # noqa: E402
from pallas_kernels.grouped_gemm import mosaic  # noqa: E402


def variant(label, on):
  def prepare():
    mosaic._NARROW_LAST = on
    return mosaic.grouped_gemm_pallas
  return label, prepare


out, rounds, names = args
interleaved(f"{out}/ab_narrow.json", names.split(","), int(rounds),
            [variant("whole", False), variant("narrow", True)], width=22)
