"""Session 29: column pieces that load only their own rhs columns (working tree) vs pieces that
load the whole unit's rhs tile (the kernel of commit 17f6dd7, ":old"; OLD_MOSAIC names a file
holding it: `git show 17f6dd7:pallas_kernels/grouped_gemm/mosaic.py`). Variants: the table's
config (table), 128 x 256 group tiles (g128), 64 x 256 split-n group tiles (g64n), or the XLA
path (xla). One process, interleaved over rows and rounds, every output checked against the
float32 reference.
python benchmarks/results/logs/grouped_gemm_session29/ab_pieces.py OUT rounds variant,... shape,..."""
import os, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
from ab_case import config_runner, interleaved, load_module
from pallas_kernels.grouped_gemm import mosaic

G = dict(tiles="groups", band=8)
CONFIGS = {"table": {},
           "g128": dict(block_m=128, block_n=256, split="m", num_stages=4, **G),
           "g64n": dict(block_m=64, block_n=256, split="n", num_stages=4, **G)}
_old = None


def variant(label):
  name, _, flag = label.partition(":")

  def prepare():
    global _old
    if flag == "old" and _old is None:
      _old = load_module("mosaic_old", os.environ["OLD_MOSAIC"])
    module = _old if flag == "old" else mosaic
    return config_runner(module, None if name == "xla" else CONFIGS[name])
  return label, prepare


out, rounds, labels, names = args
interleaved(f"{out}/ab_pieces.json", names.split(","), int(rounds),
            [variant(v) for v in labels.split(",")], width=30)
