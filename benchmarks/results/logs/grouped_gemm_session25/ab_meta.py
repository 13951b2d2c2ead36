"""Session 25: the grouped GEMM kernel (table config) with the committed group-tile plan and with
meta_forms.py's forms, interleaved over rows and rounds in one process, each output checked.
python benchmarks/results/logs/grouped_gemm_session25/ab_meta.py OUT rounds form,... shape,..."""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session25")
sys.argv, args = sys.argv[:1], sys.argv[1:]
from ab_case import interleaved
import meta_forms
from pallas_kernels.grouped_gemm import mosaic

committed = mosaic.group_tiles


def variant(form):
  def prepare():
    f = meta_forms.FORMS[form]
    mosaic.group_tiles = (committed if form == "committed" else
                          lambda b, *, num_tiles, block_m: f(b, num_tiles, block_m))
    return mosaic.grouped_gemm_pallas
  return form, prepare


out, rounds, forms, names = args
interleaved(f"{out}/ab_meta.json", names.split(","), int(rounds),
            [variant(f) for f in forms.split(",")], width=16)
