"""Session 39 (runs on the kernel with this folder's fp8_chunked_experiment.patch applied: the
`mosaic.FP8_CHUNKED` flag is not in the kernel since): fp8 K steps promoted piece by piece (`mosaic.FP8_CHUNKED`: each 64-column piece
of a step's product in an accumulator of its own, promoted as soon as its wgmma group completes)
against the whole-accumulator promotion, on PEERS.md fp8 rows; one process, variants
interleaved (`ab_case.interleaved`: checked against the float32 reference, CUPTI). Variants as
ab_configs.py's, plus the key "chunked" (true / false) that sets the module flag:
python .../ab_chunked.py OUT NAME ROUNDS ROW[,ROW...] VARIANT [VARIANT ...]
e.g. table "chunk=chunked:true" "c128=block_n:128,chunked:true"."""
import sys
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
from ab_case import config_runner, interleaved
from ab_configs import parse
from pallas_kernels.grouped_gemm import mosaic


def prepare(overrides):
  overrides = dict(overrides)
  mosaic.FP8_CHUNKED = bool(overrides.pop("chunked", False))
  return config_runner(mosaic, overrides)


if __name__ == "__main__":
  out, name, rounds, rows, *specs = sys.argv[1:]
  interleaved(f"{out}/{name}.json", rows.split(","), int(rounds),
              [(label, lambda o=o: prepare(o)) for label, o in map(parse, specs)], width=30)
