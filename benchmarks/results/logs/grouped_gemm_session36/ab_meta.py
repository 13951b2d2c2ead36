"""Session 36: the kernel computes a launch's metadata (segment bounds, running tile counts) from
group_sizes / masked_m itself for a few groups (`plan.sizes_meta`, `support.kernel_meta`) vs XLA
computing them before the launch (`segment_bounds`, `tile_ends`: 1-2 XLA kernels), one process,
variants interleaved: "xla" sets support.KERNEL_META_GROUPS to 0, "kernel" to 16 (the
grouped_gemm_session20/ab_case.interleaved harness: the table's config, checked against the
float32 reference, CUPTI; `kernel` is the Mosaic kernel alone, `us` the call's kernels in all).
python .../ab_meta.py OUT ROWS ROUNDS [NAME]"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import interleaved
from pallas_kernels.grouped_gemm import mosaic, support

out, rows, rounds = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])
name = sys.argv[4] if len(sys.argv) > 4 else "ab_meta"


def variant(groups):
  def prepare():
    support.KERNEL_META_GROUPS = groups
    return mosaic.grouped_gemm_pallas
  return prepare


interleaved(f"{out}/{name}.json", rows, rounds, [("xla", variant(0)), ("kernel", variant(16))])
