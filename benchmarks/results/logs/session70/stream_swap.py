"""Session 70, ready for a later device call (not run): what the lhs would cost the fp8 decode
row (DS_G16_m64_gu/fp8) if a unit took 256 weight rows instead of 128, as swapped operands
(weights on wgmma's M side, tokens on N: `swap_store_probe/`) would allow.

Session 67's streaming probe (`logs/session67/stream_lhs.py`, mended in session 68; run460:
the weights alone 107.2 us, + a 128-row lhs box every K step 113.2, + a 64-row box 109.7)
streams DS_G16_m64_gu/fp8's K-major weights through a ring of [block_n, 128] boxes, and with
`lhs_rows` loads that many rows of the group's lhs into the same slot every step; nothing is
computed. Here the same probe with 256-row weight boxes: each lhs box then serves twice the
weights. If the lhs cost scales with the lhs bytes per weight byte, n256 + 128 lhs rows should
cost about what n128 + 64 did (~2.5 us over the weights alone), i.e. ~3.5 us less than the
table's 128 x 128 units with their 128-row box. The first four variants repeat run460's, so
that one process has both.

python -m benchmarks.results.logs.session70.stream_swap OUT_JSON
python -m benchmarks.results.logs.session70.stream_swap lower   (CPU: each variant's CUDA
    export under the tests' abstract H200 mesh; PYTHONPATH with tests/)
"""
import sys

from benchmarks.results.logs.session67 import stream_lhs
from benchmarks.results.logs.session67.stream_lhs import Variant

stream_lhs.VARIANTS[:] = [
    Variant(),                                  # n128, the weights alone
    Variant(lhs_rows=128),                      # + the table's 128-row lhs box per step
    Variant(lhs_rows=64),                       # + a half tile's 64-row box
    Variant(lhs_rows=128, stages=6),
    Variant(block_n=256, stages=4),             # 256-row weight boxes, the weights alone
    Variant(block_n=256, stages=4, lhs_rows=128),
    Variant(block_n=256, stages=4, lhs_rows=64),
    Variant(block_n=256, stages=3, lhs_rows=128),
]

if __name__ == "__main__":
  stream_lhs.lower() if sys.argv[1] == "lower" else stream_lhs.main(sys.argv[1])
