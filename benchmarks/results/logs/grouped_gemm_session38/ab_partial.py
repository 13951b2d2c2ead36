"""Session 38: what the partial-tile branches of tiles="groups" cost on 128 x 256 prefill rows
(run257's ptxas reports: a branch between two tile bodies doubles the injected warpgroup.arrive,
and one between identical bodies serialized the wgmmas): the table's config as is ("base": half
tiles and tail column pieces), without half tiles, without tail pieces, and without both ("plain":
no branch around the tile body), one process, variants interleaved
(grouped_gemm_session20/ab_case.interleaved: checked against the float32 reference, CUPTI).
python .../ab_partial.py OUT ROWS ROUNDS NAME"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import interleaved
from pallas_kernels.grouped_gemm import mosaic

out, rows, rounds, name = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4]
orig = dict(half_tiles=mosaic.half_tiles, tail_split=mosaic.tail_split)
no_half = dict(half_tiles=lambda *a, **kw: False)
no_piece = dict(tail_split=lambda *a, **kw: 1)


def variant(patch):
  def prepare():
    for attr, fn in {**orig, **patch}.items():
      setattr(mosaic, attr, fn)
    return mosaic.grouped_gemm_pallas
  return prepare


interleaved(f"{out}/{name}.json", rows, rounds,
            [("base", variant({})), ("no_half", variant(no_half)),
             ("no_piece", variant(no_piece)), ("plain", variant({**no_half, **no_piece}))])
