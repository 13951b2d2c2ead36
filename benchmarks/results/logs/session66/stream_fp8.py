"""Session 66: session 65's streaming probe (`logs/session65/stream_probe.py`: a bare Mosaic GPU
kernel pulling a weight array through the grouped GEMM producer's TMA ring, nothing computed) on
issue 4's fp8 decode row, DS_G16_m64_gu/fp8: DeepSeek's gate/up weights K-major, [16, 4096,
7168] float8_e4m3fn (469.8 MB), boxes of block_n rows x 128 bytes of K. Its table config (128 x
128 group tiles, block_k 128, 5 stages) reads them in 128 x 128 boxes; its call took 133.8 us
(3.63 TB/s of the benchmark's bytes) and its kernel with every wgmma skipped 124.4-124.8 (session
65, run441). 4.0 TB/s of the benchmark's 485.7 MB is 121.4 us for the whole call: this says
whether the loads as the kernel issues them can get there. Beside it, XLA reading the array.

python -m benchmarks.results.logs.session66.stream_fp8 OUT_JSON
"""
import functools
import json
import sys

import jax
import jax.numpy as jnp

from benchmarks import _timing
from benchmarks.results.logs.session65.stream_probe import Variant, stream

G, N, K = 16, 4096, 7168
VARIANTS = [
    Variant(layout="nk", block_k=128, block_n=128, stages=5),    # the table's boxes and ring
    Variant(layout="nk", block_k=128, block_n=128, stages=8),
    Variant(layout="nk", block_k=128, block_n=128, stages=3),
    Variant(layout="nk", block_k=128, block_n=256, stages=4),    # 32 KB boxes
    Variant(layout="nk", block_k=128, block_n=64, stages=10),
    Variant(layout="nk", block_k=128, block_n=192, stages=5),
    Variant(layout="nk", block_k=128, block_n=128, stages=5, order="blocked"),
    Variant(layout="nk", block_k=128, block_n=128, stages=4, ctas_per_sm=2),
]


def main(out_path):
  w = jax.random.normal(jax.random.key(0), (G, N, K), jnp.float32).astype(jnp.float8_e4m3fn)
  nbytes = w.size
  results = []
  t = _timing.time_fn(jax.jit(lambda w: jnp.sum(w, axis=2, dtype=jnp.float32)), [(w,)], iters=10)
  print(f"ds_gu_fp8 xla_sum_over_k {t.us:8.1f} us {nbytes / t.us / 1e6:5.2f} TB/s", flush=True)
  results.append(dict(variant="xla_sum_over_k", us=t.us, p10=t.p10, p90=t.p90, bytes=nbytes,
                      tbps=nbytes / t.us / 1e6))
  for v in VARIANTS:
    try:
      t = _timing.time_fn(jax.jit(functools.partial(stream, v=v)), [(w,)], iters=10)
    except Exception as e:  # a variant that does not fit or lower: say so, go on
      print(f"ds_gu_fp8 {v.name} failed: {str(e)[:200]}", flush=True)
      results.append(dict(variant=v.name, error=str(e)[:500]))
      continue
    moved = G * (N // v.block_n * v.block_n) * (K // v.block_k * v.block_k)
    print(f"ds_gu_fp8 {v.name:32s} {t.us:8.1f} us {moved / t.us / 1e6:5.2f} TB/s", flush=True)
    results.append(dict(variant=v.name, us=t.us, p10=t.p10, p90=t.p90, bytes=moved,
                        tbps=moved / t.us / 1e6))
  with open(out_path, "w") as f:
    json.dump(dict(note=__doc__, records=results), f, indent=1)


if __name__ == "__main__":
  main(sys.argv[1])
