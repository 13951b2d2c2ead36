"""Session 65: how fast can a Mosaic GPU kernel stream a grouped GEMM's weights with TMA?

run441 showed issue 4's bf16 decode rows run as fast with every wgmma skipped (`ABLATE_MMA`) as
whole: their time is the producer's loads (~4.1 TB/s of weight bytes), against 4.45-4.52 TB/s for
an XLA read-only pass (run156). This probe streams one weight array [G, K, N] (or K-major [G, N,
K]) through a ring of shared-memory slots exactly as the grouped GEMM's producer does (one thread
issuing a TMA box per slot once the consumer warpgroup has released it; the consumer only waits
and releases), and varies what the kernel could vary: the box (block_k x block_n), the ring's
depth, the layout, the order the units are dealt in, the CTAs per SM. Nothing is computed, so
the rate is the loads' alone. Beside it, XLA reading the same array (a float32 sum over K).

python benchmarks/results/logs/session65/stream_probe.py OUT_JSON [SHAPE ...]
SHAPE: gm_dn (Gemma decode down: 128 x 704 x 2816) or ds_dn (DeepSeek decode down: 16 x 2048 x
7168); default both.
"""
import dataclasses
import functools
import json
import sys

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

from benchmarks import _timing
from pallas_kernels import _mgpu

SHAPES = {"gm_dn": (128, 704, 2816), "ds_dn": (16, 2048, 7168), "gm_gu": (128, 2816, 1408)}


@dataclasses.dataclass(frozen=True)
class Variant:
  block_k: int = 64
  block_n: int = 128
  stages: int = 6
  layout: str = "kn"          # "kn": [G, K, N]; "nk": [G, N, K]
  order: str = "strided"      # "strided": unit cta + i * C (the kernel's deal); "blocked":
                              # CTA c takes a contiguous run of units
  ctas_per_sm: int = 1

  @property
  def name(self):
    return (f"{self.layout}/k{self.block_k}/n{self.block_n}/s{self.stages}/{self.order}"
            f"/x{self.ctas_per_sm}")


def stream(w, v: Variant, *, num_sms: int = 132):
  """Streams every [block_k, block_n] tile of w through the ring; returns a dummy [C, 8]."""
  g_count = w.shape[0]
  k, n = w.shape[1:] if v.layout == "kn" else w.shape[:0:-1]
  n_tiles, k_steps = n // v.block_n, k // v.block_k
  units = g_count * n_tiles
  ctas = num_sms * v.ctas_per_sm
  per = -(-units // ctas)
  box = (v.block_k, v.block_n) if v.layout == "kn" else (v.block_n, v.block_k)

  def body(w_ref, out_ref):
    def scoped(ring, full, free):
      wg = lax.axis_index("wg")
      cta = lax.axis_index("cta")
      if v.order == "strided":
        mine = lax.div(units - cta + ctas - 1, ctas)
        unit_of = lambda i: cta + i * ctas
      else:
        first = cta * per
        mine = jnp.clip(units - first, 0, per)
        unit_of = lambda i: first + i

      @pl.when(wg == 1)
      def _producer():
        plgpu.set_max_registers(40, action="decrease")

        def unit(i, count):
          u = unit_of(i)
          g, nt = lax.div(u, n_tiles), lax.rem(u, n_tiles)

          def step(kk, count):
            slot = _mgpu.producer_slot(count, free, v.stages)
            ks, ns = pl.ds(kk * v.block_k, v.block_k), pl.ds(nt * v.block_n, v.block_n)
            src = w_ref.at[g, ks, ns] if v.layout == "kn" else w_ref.at[g, ns, ks]
            plgpu.copy_gmem_to_smem(src, ring.at[slot], full.at[slot])
            return count + 1
          return lax.fori_loop(0, k_steps, step, count)
        _mgpu.producer_drain(lax.fori_loop(0, mine, unit, jnp.int32(0)), free, v.stages)

      @pl.when(wg == 0)
      def _consumer():
        def step(c, carry):
          slot = lax.rem(c, v.stages)
          plgpu.barrier_wait(full.at[slot])
          plgpu.barrier_arrive(free.at[slot])
          return carry
        lax.fori_loop(0, mine * k_steps, step, None)

    pl.run_scoped(scoped,
                  plgpu.SMEM((v.stages,) + box, w.dtype, transforms=_mgpu.swizzled(w.dtype)),
                  plgpu.Barrier(num_arrivals=1, num_barriers=v.stages),
                  plgpu.Barrier(num_arrivals=1, num_barriers=v.stages),
                  collective_axes="wg")

  return plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((ctas, 8), jnp.float32),
                      grid=(ctas,), grid_names=("cta",), num_threads=2, thread_name="wg")(w)


VARIANTS = [
    Variant(),                                   # Gm_decode_dn's table tile (64 x 128, 6 stages)
    Variant(stages=3),
    Variant(stages=9),
    Variant(stages=12),
    Variant(block_n=256, stages=4),              # 64 x 256 tiles
    Variant(block_n=64, stages=12),
    Variant(block_k=128, stages=4),              # 32 KB slots
    Variant(block_k=128, stages=6),
    Variant(block_k=128, block_n=256, stages=3),  # 64 KB slots
    Variant(order="blocked"),
    Variant(ctas_per_sm=2, stages=4),
    Variant(layout="nk"),
    Variant(layout="nk", block_n=256, stages=4),
    Variant(layout="nk", order="blocked"),
]


def main(out_path, shapes):
  results = []
  for shape in shapes:
    g, k, n = SHAPES[shape]
    key = jax.random.key(0)
    kn = jax.random.normal(key, (g, k, n), jnp.bfloat16)
    nk = jnp.swapaxes(kn, 1, 2).copy()
    nbytes = kn.size * 2
    t = _timing.time_fn(jax.jit(lambda w: jnp.sum(w, axis=1, dtype=jnp.float32)), [(kn,)],
                        iters=10)
    print(f"{shape} xla_sum_over_k {t.us:8.1f} us {nbytes / t.us / 1e6:5.2f} TB/s", flush=True)
    results.append(dict(shape=shape, variant="xla_sum_over_k", us=t.us, p10=t.p10, p90=t.p90,
                        bytes=nbytes, tbps=nbytes / t.us / 1e6))
    for v in VARIANTS:
      w = kn if v.layout == "kn" else nk
      try:
        t = _timing.time_fn(jax.jit(functools.partial(stream, v=v)), [(w,)], iters=10)
      except Exception as e:  # a variant that does not fit or lower: say so, go on
        print(f"{shape} {v.name} failed: {str(e)[:200]}", flush=True)
        results.append(dict(shape=shape, variant=v.name, error=str(e)[:500]))
        continue
      # the bytes the tiles cover (a block_k or block_n that does not divide leaves an edge)
      moved = g * (k // v.block_k * v.block_k) * (n // v.block_n * v.block_n) * 2
      print(f"{shape} {v.name:32s} {t.us:8.1f} us {moved / t.us / 1e6:5.2f} TB/s", flush=True)
      results.append(dict(shape=shape, variant=v.name, us=t.us, p10=t.p10, p90=t.p90,
                          bytes=moved, tbps=moved / t.us / 1e6))
    with open(out_path, "w") as f:
      json.dump(dict(note=__doc__, records=results), f, indent=1)


if __name__ == "__main__":
  main(sys.argv[1], sys.argv[2:] or ["gm_dn", "ds_dn"])
