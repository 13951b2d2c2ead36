"""Session 48 ablation (issue 5): where the fused kernel's time goes on M8192_N8192_K29568.

Variants of the fused kernel (n256/s4/in), timed by `_timing.time_chained` like the benchmark:
  remote: as shipped (TMA reduce-adds into the owner's accumulator over NVLink);
  local_add: every push a TMA reduce-add into the rank's own accumulator (remote_ref -> the ref:
             no NVLink traffic; the result is wrong, so it is not checked);
  local_store: plain TMA stores into the own accumulator (no reduction either);
  remote_store: plain TMA stores into the owner's accumulator (NVLink traffic, no reduction);
  no_push (session 49): no TMA store at all (neither pushes nor the zeroing of the accumulator):
             the GEMM, the semaphores and the epilogue's register work only.
Beside them, one rank's GEMM alone on one GPU through XLA (cuBLAS): a [M, K/tp] @ [K/tp, N]
with float32 accumulation, bf16 out (CUPTI kernel time): as a float32 dot and a cast
(session 48, "xla:dot_one_rank"), and (session 49) as a dot giving bf16 itself
("xla:dot_one_rank_bf16", the unfused path's dot since session 49).
  python ablate_push.py [VARIANTS [nodot]] [--out DIR] [--shape M,N,K] [--tp 4,2]
  (on the 4-GPU machine; default shape 8192,8192,29568, tp 4 then 2)
Records go to DIR/<devices>/gemm_rs_push_ablation.json (benchmarks._report.write) after each,
with each run's CUPTI split by kernel (session 49: the pad kernels of K shards that are no whole
64-column steps show apart from the fused kernel).
"""
import sys

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

sys.path.insert(0, ".")
import jaxkern                                                       # noqa: E402
from benchmarks import _report, _timing                              # noqa: E402
from benchmarks.gemm_reduce_scatter import problem                   # noqa: E402
from jaxkern.shapes import GemmRsShape                               # noqa: E402
from pallas_kernels.gemm_rs import mosaic                            # noqa: E402
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig          # noqa: E402

def _option(name, default):
  return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


OUT = _option("--out", None)
SHAPE = GemmRsShape(*(int(x) for x in _option("--shape", "8192,8192,29568").split(",")))
TPS = tuple(int(t) for t in _option("--tp", "4,2").split(","))
CONFIG = GemmRsFusedConfig(num_stages=4, accumulate="input")
_OPTS = {a for n in ("--out", "--shape", "--tp") if n in sys.argv
         for a in (n, sys.argv[sys.argv.index(n) + 1])}
ARGS = [a for a in sys.argv[1:] if a not in _OPTS]
VARIANTS = tuple(ARGS[0].split(",")) if ARGS else (
    "remote", "local_add", "local_store", "remote")     # run343; run344: remote,remote_store,remote


class _Patched:
  """Swap attributes of mosaic's `plgpu` for one variant."""
  def __init__(self, variant):
    self.variant = variant

  def __enter__(self):
    real = plgpu
    class Fake:
      def __getattr__(self, name):
        return getattr(real, name)
    fake = Fake()
    if self.variant in ("local_add", "local_store"):
      fake.remote_ref = lambda ref, device_id: ref
    if self.variant in ("local_store", "remote_store"):
      fake.copy_smem_to_gmem = lambda src, dst, reduction_op=None, **kw: real.copy_smem_to_gmem(
          src, dst, **kw)
    if self.variant == "no_push":
      fake.copy_smem_to_gmem = lambda *args, **kw: None
    mosaic.plgpu = fake

  def __exit__(self, *exc):
    mosaic.plgpu = plgpu


def main():
  records = []

  def record(**rec):
    records.append(dict(shape=SHAPE.name, config=CONFIG.name, **rec))
    if OUT:
      _report.write(OUT, "gemm_rs_push_ablation", records, num_devices=jax.device_count())

  for tp in TPS:
    mesh, sets, ref = problem(SHAPE, tp)
    fn = lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl="fused")
    for variant in VARIANTS:
      with _Patched(variant), jaxkern.policy(gemm_reduce_scatter=CONFIG):
        jax.clear_caches()
        t = _timing.time_chained(fn, sets, iters=10, num_devices=tp)
      err = jnp.linalg.norm((t.first.astype(jnp.float32) - ref).ravel()) / jnp.linalg.norm(ref.ravel())
      print(f"tp={tp} {variant}: wall {t.wall.us:.1f} cupti {t.cupti.us:.1f} span "
            f"{t.span.us if t.span else float('nan'):.1f} us (err {float(err):.2g}); kernels "
            + ", ".join(f"{k[:24]} {v:.1f}" for k, v in list(t.cupti.kernels.items())[:3]),
            flush=True)
      record(tp=tp, impl=f"fused:{variant}", us=t.wall.us, cupti_us=t.cupti.us,
             span_us=t.span.us if t.span else None, err=float(err),
             checked=variant == "remote", kernels=t.cupti.kernels)
    if len(ARGS) > 1:
      continue                                           # no dot (run344)
    a, b = sets[0]
    a1 = jax.device_put(a.addressable_shards[0].data, jax.devices()[0])
    b1 = jax.device_put(b.addressable_shards[0].data, jax.devices()[0])
    flops = 2 * SHAPE.m * SHAPE.n * SHAPE.k / tp
    dots = {"xla:dot_one_rank": lambda a, b: jnp.dot(
                a, b, preferred_element_type=jnp.float32).astype(a.dtype),
            "xla:dot_one_rank_bf16": lambda a, b: jnp.dot(a, b, preferred_element_type=a.dtype)}
    for name, dot in dots.items():
      t = _timing.time_fn(dot, [(a1, b1)], iters=20)
      print(f"tp={tp} one rank's dot alone ({name}, [{a1.shape}] @ [{b1.shape}]): {t.us:.1f} us "
            f"({flops / t.us / 1e6:.0f} TFLOP/s)", flush=True)
      record(tp=tp, impl=name, cupti_us=t.us, tflops=flops / t.us / 1e6, kernels=t.kernels)


if __name__ == "__main__":
  main()
