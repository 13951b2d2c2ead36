"""Session 30: stream-K (config.stream_k: the last work units split along K, partial tiles
summed through global memory by the last CTA of each unit) against the same group tiles whose
last units run as column pieces, and the XLA path. One process, interleaved over rows and
rounds, every output checked against the float32 reference.
python benchmarks/results/logs/grouped_gemm_session30/ab_stream_k.py OUT rounds variant,... shape,..."""
import sys
import jax
sys.path.insert(0, "benchmarks/results/logs/grouped_gemm_session20")
sys.argv, args = sys.argv[:1], sys.argv[1:]
from ab_case import config_runner, interleaved
from pallas_kernels.grouped_gemm import mosaic, plan

G = dict(tiles="groups", block_m=128, block_n=256, split="m", num_stages=4)
CONFIGS = {"xla": None, "table": {},
           "g256": dict(band=8, **G), "g256sk": dict(band=8, stream_k=True, **G),
           "g256skb1": dict(band=1, stream_k=True, **G),
           "n256": dict(tiles="groups", block_m=64, block_n=256, split="n", num_stages=4, band=8),
           "n256sk": dict(tiles="groups", block_m=64, block_n=256, split="n", num_stages=4,
                          band=8, stream_k=True)}
MIN_STEPS = plan.MIN_STREAM_STEPS


def prepare(label):
  """label 'g256sk@16': config g256sk with plan.MIN_STREAM_STEPS = 16 (at least 16 K steps per
  stream-K CTA: fewer CTAs share a unit, its last CTA adds fewer partials)."""
  name, _, steps = label.partition("@")
  jax.clear_caches()   # else the kernel's jit reuses its first stream-K build (run198, run202)
  plan.MIN_STREAM_STEPS = int(steps) if steps else MIN_STEPS
  return config_runner(mosaic, CONFIGS[name])


out, rounds, labels, names = args
interleaved(f"{out}/ab_stream_k.json", names.split(","), int(rounds),
            [(v, lambda v=v: prepare(v)) for v in labels.split(",")], width=30)
