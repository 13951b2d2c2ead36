"""Session 49 A/B (issue 5): a K shard of no whole 64-column steps without padded copies.

Variants of the fused kernel (n256/s4/in) on one (shape, tp), timed by `_timing.time_chained`
as the benchmark times its paths, each checked against the float32 reference:
  auto:     the kernel as it is (in run346, with swizzle64_experiment.patch applied: a 64-byte
            swizzle at K/tp = 7392, no copies; since then: a padded, as pad_a);
  pad_both: as until session 48 (a and b zero-padded to whole 64-column steps, 128-byte swizzle);
  pad_a:    a padded, b read past its last row (TMA zero fill), 128-byte swizzle;
  sw64:     the 64-byte swizzle forced on a shard that takes 128 (what the narrower swizzle costs;
            needs swizzle64_experiment.patch, whose kernel takes operand_swizzle=);
  auto_d:   auto with the deferred pushes (n256/s4/in/d);
  unfused:  the unfused path (dot with a float32 result, cast, psum_scatter), for the ratio;
  unfused_bf16: its dot giving the input dtype itself (run347: XLA picked cuBLAS with a float32
            result and a separate convert kernel for K = 29568). Since commit c31591d this is
            the committed unfused path (sharding/gemm_rs.py), so "unfused" times it too.
  python ab_swizzle.py M,N,K TP VARIANTS [--out DIR]   (e.g. 8192,8192,29568 4 pad_both,auto)
Records go to DIR/<devices>/gemm_rs_swizzle_ab.json (benchmarks._report.write) after each.
"""
import functools
import sys

import jax
import jax.numpy as jnp

sys.path.insert(0, ".")
import jaxkern                                                       # noqa: E402
from benchmarks import _report, _timing                              # noqa: E402
from benchmarks.gemm_reduce_scatter import problem                   # noqa: E402
from jaxkern.checks import rel_err                                   # noqa: E402
from jaxkern.shapes import GemmRsShape                               # noqa: E402
from pallas_kernels.gemm_rs import mosaic                            # noqa: E402
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig          # noqa: E402
from sharding import gemm_rs                                         # noqa: E402
from sharding.reduce_scatter import reduce_scatter                   # noqa: E402

CONFIG = GemmRsFusedConfig(num_stages=4, accumulate="input")
CONFIG_D = GemmRsFusedConfig(num_stages=4, accumulate="input", deferred=True)
OUT = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else None
ARGS = [a for a in sys.argv[1:] if a != "--out" and a != OUT]
SHAPE = GemmRsShape(*(int(x) for x in ARGS[0].split(",")))
TP = int(ARGS[1])
VARIANTS = ARGS[2].split(",")
REAL = mosaic.gemm_reduce_scatter_fused
UNFUSED = gemm_rs._IMPLS["unfused"]


def unfused_bf16(a, b, *, axis_name, tp=None, config=None):
  return reduce_scatter(jnp.dot(a, b, preferred_element_type=a.dtype), axis_name)


def _pad_k(x, axis):
  pad = [(0, 0), (0, 0)]
  pad[axis] = (0, -x.shape[axis] % 64)
  return jnp.pad(x, pad)


def kernel_for(variant):
  if variant == "pad_both":
    return lambda a, b, **kw: REAL(_pad_k(a, 1), _pad_k(b, 0), **kw)
  if variant == "pad_a":
    return lambda a, b, **kw: REAL(_pad_k(a, 1), b, **kw)
  if variant == "sw64":
    return functools.partial(REAL, operand_swizzle=64)
  return REAL


def main():
  records = []
  mesh, sets, ref = problem(SHAPE, TP)
  for variant in VARIANTS:
    impl = "unfused" if variant.startswith("unfused") else "fused"
    config = CONFIG_D if variant == "auto_d" else CONFIG
    fn = lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl=impl)
    mosaic.gemm_reduce_scatter_fused = kernel_for(variant)
    gemm_rs._IMPLS["unfused"] = unfused_bf16 if variant == "unfused_bf16" else UNFUSED
    try:
      with jaxkern.policy(gemm_reduce_scatter=config):
        jax.clear_caches()
        t = _timing.time_chained(fn, sets, iters=10, num_devices=TP)
    finally:
      mosaic.gemm_reduce_scatter_fused = REAL
      gemm_rs._IMPLS["unfused"] = UNFUSED
    err = float(rel_err(t.first, ref))
    span = t.span.us if t.span else None
    cupti, kernels = (t.cupti.us, t.cupti.kernels) if t.cupti else (None, {})   # None on CPU
    print(f"tp={TP} {SHAPE.name} {variant}: wall {t.wall.us:.1f} cupti {cupti or float('nan'):.1f} "
          f"span {span or float('nan'):.1f} us (err {err:.2g}); kernels "
          + ", ".join(f"{k[:28]} {v:.1f}" for k, v in list(kernels.items())[:4]), flush=True)
    if err > 1e-2:
      raise SystemExit(f"{variant}: wrong result (rel err {err:.3g})")
    records.append(dict(shape=SHAPE.name, tp=TP, variant=variant,
                        config=None if impl == "unfused" else config.name, us=t.wall.us,
                        cupti_us=cupti, span_us=span, kernels=kernels, err=err))
    if OUT:
      _report.write(OUT, "gemm_rs_swizzle_ab", records, num_devices=jax.device_count())


if __name__ == "__main__":
  main()
