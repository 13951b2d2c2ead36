"""Session 28: grouped GEMM rows (mostly masked) with the table config, group-tile configs or (xla) the XLA path,
on the working tree's kernel (zero-segment units dealt after the work units, tail pieces up to
4) or, for a variant ending in ":old", on the kernel of commit 5519332 (zero units dealt among
the work, tail pieces up to 2); ":p2" caps the working tree's tail pieces at 2. One process,
interleaved over rows and rounds, every output checked against the float32 reference.
python benchmarks/results/logs/grouped_gemm_session28/ab_masked.py OUT rounds variant,... shape,...
(OLD_MOSAIC: a file holding the old kernel module, `git show 5519332:pallas_kernels/grouped_gemm/mosaic.py`)"""
import os, sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
from ab_case import config_runner, interleaved, load_module
from pallas_kernels.grouped_gemm import mosaic

G = dict(tiles="groups", band=8)
CONFIGS = {"table": {},
           "g64n": dict(block_m=64, block_n=256, split="n", num_stages=4, **G),
           "g128": dict(block_m=128, block_n=256, split="m", num_stages=4, **G),
           "g128s3": dict(block_m=128, block_n=256, split="m", num_stages=3, **G),
           "g128x128": dict(block_m=128, block_n=128, split="m", num_stages=4, **G)}
_old = None


def _old_module():
  global _old
  if _old is None:   # the old kernel capped its pieces at 2 (support.tail_split then said 2)
    _old = load_module("mosaic_old", os.environ["OLD_MOSAIC"], replace=[(
        "tail_split=tail_split(config, activation=activation, fp8=fp8)",
        "tail_split=min(2, tail_split(config, activation=activation, fp8=fp8))")])
  return _old


def variant(label):
  name, _, flag = label.partition(":")

  def prepare():
    module = _old_module() if flag == "old" else mosaic
    module.tail_split = _split if flag != "p2" else (lambda *a, **k: min(2, _split(*a, **k)))
    return config_runner(module, None if name == "xla" else CONFIGS[name])
  return label, prepare


from pallas_kernels.grouped_gemm.support import tail_split as _split
out, rounds, labels, names = args
interleaved(f"{out}/ab_masked.json", names.split(","), int(rounds),
            [variant(v) for v in labels.split(",")], width=30)
