"""Session 38: the last column tile computes only the columns the result has there
(`support.last_tile_cols`: Gemma's gate/up, N = 1408, runs 64 of a 192-column tile's columns)
against the whole tile ("full": mosaic.last_tile_cols patched to 0), one process, variants
interleaved (grouped_gemm_session20/ab_case.interleaved: checked against the float32 reference,
CUPTI; `kernel` is the Mosaic kernel alone, `us` the call's kernels in all). With WIDE, also
both forms at 128 x 256 tiles (the table's config with block_n=256: half tiles on) (run255);
with COND, "cond": the last column tile in its own branch at the whole width (the branch's cost
alone, run256). Needs last_tile_cols_experiment.patch applied (support.last_tile_cols).
python .../ab_last_cols.py OUT ROWS ROUNDS NAME [wide|cond]"""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import config_runner, interleaved
from pallas_kernels.grouped_gemm import mosaic, support

out, rows, rounds, name = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), sys.argv[4]
extra = sys.argv[5] if len(sys.argv) > 5 else ""


def variant(narrow, overrides=None):
  def prepare():
    mosaic.last_tile_cols = (support.last_tile_cols if narrow is True else
                             (lambda config, **kw: 0) if not narrow else narrow)
    return config_runner(mosaic, overrides) if overrides else mosaic.grouped_gemm_pallas
  return prepare


variants = [("full", variant(False)), ("narrow", variant(True))]
if extra == "cond":
  variants += [("cond", variant(lambda config, split=None, **kw:
                                config.wg_tile[1] if split is None else config.block_n // 2))]
if extra == "wide":
  variants += [("full256", variant(False, dict(block_n=256))),
               ("narrow256", variant(True, dict(block_n=256)))]
interleaved(f"{out}/{name}.json", rows, rounds, variants)
