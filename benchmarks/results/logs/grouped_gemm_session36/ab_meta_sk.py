"""Session 36: why the in-kernel metadata (`plan.Meta.sizes`) slowed DS_G1_m1024_gu/masked by
~19 us in run239/240: the masked rows of <= 4 groups, each with its table config and the same
config with stream_k off ("nosk"), XLA's metadata ("xla", support.KERNEL_META_GROUPS = 0) vs the
kernel's ("kernel", 16), one process, one round (grouped_gemm_session20/ab_case harness).
python .../ab_meta_sk.py OUT ROWS ROUNDS"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import config_runner, interleaved
from pallas_kernels.grouped_gemm import mosaic, support

out, rows, rounds = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])


def variant(groups, overrides):
  def prepare():
    support.KERNEL_META_GROUPS = groups
    return config_runner(mosaic, overrides)
  return prepare


interleaved(f"{out}/ab_meta_sk.json", rows, rounds,
            [(f"{meta}{tag}", variant(groups, over))
             for tag, over in (("", {}), ("/nosk", dict(stream_k=False, sk_partials="tile")))
             for meta, groups in (("xla", 0), ("kernel", 16))], width=28)
