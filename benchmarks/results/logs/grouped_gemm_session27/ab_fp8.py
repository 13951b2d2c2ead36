"""Session 27: fp8 grouped GEMM configs and the fp8 group-tile features (deferred stores, half
tiles, tail pieces; `support.py`), one process, variants interleaved over rows and rounds, each
output checked against the float32 reference. "old" variants run the kernel as before session 27
(those three features off for fp8), by swapping the support functions the kernel module calls.
python benchmarks/results/logs/grouped_gemm_session27/ab_fp8.py OUT rounds variant,... shape,...
(shapes as ab_case.case names them, e.g. DS_prefill_G16_M16384_gu/fp8)."""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
from ab_case import interleaved
from pallas_kernels.grouped_gemm import mosaic, support
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas

NEW = dict(half_tiles=support.half_tiles, tail_split=support.tail_split,
           deferred_stores=support.deferred_stores)
OLD = dict(half_tiles=lambda config, *, activation, fp8: (not fp8) and NEW["half_tiles"](
               config, activation=activation, fp8=fp8),
           tail_split=lambda config, *, activation, fp8: 1 if fp8 else NEW["tail_split"](
               config, activation=activation, fp8=fp8),
           deferred_stores=lambda config, *, fp8, signals: (not fp8) and NEW["deferred_stores"](
               config, fp8=fp8, signals=signals))
F8 = dict(block_k=128, num_stages=4, band=8)
CONFIGS = {
    "table": None,                                  # the H200 table's config for the row
    "r192": C(block_m=128, block_n=192, split="m", tiles="rows", **F8),
    "g192": C(block_m=128, block_n=192, split="m", tiles="groups", **F8),
    "g128": C(block_m=128, block_n=128, split="m", tiles="groups", **F8),
    "g128s5": C(block_m=128, block_n=128, split="m", tiles="groups", **dict(F8, num_stages=5)),
    "g128b1": C(block_m=128, block_n=128, split="m", tiles="groups", **dict(F8, band=1)),
    "n256": C(block_m=64, block_n=256, split="n", tiles="groups", **F8),
}


def variant(label):
  """'NAME' (the code as now) or 'NAME:old' (fp8 features as before session 27)."""
  name, _, old = label.partition(":")
  fixed = CONFIGS[name]

  def prepare():
    for attr, fn in (OLD if old else NEW).items():
      setattr(mosaic, attr, fn)

    def run(*a, config, **kw):
      return grouped_gemm_pallas(*a, config=fixed or config, **kw)
    return run
  return label, prepare


out, rounds, labels, names = args
interleaved(f"{out}/ab_fp8.json", names.split(","), int(rounds),
            [variant(v) for v in labels.split(",")], width=30)
