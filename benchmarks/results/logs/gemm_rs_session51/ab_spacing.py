"""Session 51 (issue 5): does spreading the fused kernel's deferred pushes over the next unit
(`_mgpu.spread_spacing`, session 50) cost anything at short K shards, where it was never timed
against the earlier fixed spacing in one process? Session 50 measured the spread at K/tp 2048 and
7392 only (bar shapes); its run359 then flipped M4096_N4096_K4096 and M2048_N8192_K8192 at tp 4
(K/tp 1024 and 2048: 16 and 32 K steps) to the unfused path. Variants of n256/s4/in/d through
the public op (`_timing.time_chained`: wall, CUPTI, span), interleaved over rounds, each result
checked against the float32 reference:
  spread:  as shipped (a push every max(2, k_steps // 4) steps);
  fixedS:  a push every S K steps (`mosaic._mgpu.spread_spacing` patched in this process; 2 was
           the kernel's spacing before session 50).
  python ab_spacing.py OUT TP ROUNDS SHAPE[;SHAPE...] VARIANTS   e.g. 4 2 "4096,4096,4096" spread,fixed2
"""
import json
import os
import sys

import jax
import jax.numpy as jnp

sys.path.insert(0, ".")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../gemm_rs_session50"))
import jaxkern                                                        # noqa: E402
from benchmarks import _timing                                        # noqa: E402
from benchmarks.gemm_reduce_scatter import problem                    # noqa: E402
from jaxkern.shapes import GemmRsShape                                # noqa: E402
from pallas_kernels.gemm_rs import mosaic                             # noqa: E402
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig           # noqa: E402
from core_probe2 import _Proxy                                        # noqa: E402

CONFIG = GemmRsFusedConfig(num_stages=4, accumulate="input", deferred=True)
_MGPU = mosaic._mgpu


def patch(variant):
  mosaic._mgpu = _MGPU
  if variant.startswith("fixed"):
    spacing = int(variant.removeprefix("fixed"))
    mosaic._mgpu = _Proxy(_MGPU, spread_spacing=lambda k_steps, flushes: spacing)
  jax.clear_caches()


def main(patch=patch, name="ab_spacing"):
  """Run the variants (argv as the docstring says), each set up by patch(variant); records to
  OUT/{name}_tp{TP}.json (session 52's ab_pad.py runs its own variants through this)."""
  out, tp, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
  shapes = [GemmRsShape(*map(int, s.split(","))) for s in sys.argv[4].split(";")]
  variants = sys.argv[5].split(",")
  print(jax.devices()[0].device_kind, jax.device_count(), flush=True)
  records = []
  for shape in shapes:
    mesh, sets, ref = problem(shape, tp)
    fn = lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl="fused")
    for r in range(rounds):
      for variant in variants:
        patch(variant)
        with jaxkern.policy(gemm_reduce_scatter=CONFIG):
          t = _timing.time_chained(fn, sets, iters=10, num_devices=tp)
        err = float(jnp.linalg.norm((t.first.astype(jnp.float32) - ref).ravel())
                    / jnp.linalg.norm(ref.ravel()))
        rec = dict(shape=shape.name, tp=tp, round=r, variant=variant, wall=round(t.wall.us, 1),
                   cupti=round(t.cupti.us, 1), span=round(t.span.us, 1) if t.span else None,
                   kernels={k: round(v, 1) for k, v in (t.cupti.kernels or {}).items()},
                   err=err, ok=err < 2e-2)
        print(json.dumps(rec), flush=True)
        records.append(rec)
        with open(os.path.join(out, f"{name}_tp{tp}.json"), "w") as f:
          json.dump(records, f, indent=1)
  patch(variants[0])


if __name__ == "__main__":
  main()
