"""Session 51 (issue 5): where the host wall clock's excess over the device span comes from on
short calls. The benchmark times 8 chained calls in one jit (`_timing.time_chained`) and divides
by 8; on calls under 310 us the wall clock per call runs 15-136 us over the devices' span
(session 51's sweep), enough to flip a pick (M512_N8192_K8192 tp 2: fused faster by wall, the
unfused path by span). If the excess is a cost per dispatch (host launch and sync around the
chain), it shrinks as 1 / calls with a longer chain and wall tends to span; if it is per call, it
does not. Both paths (unfused; fused n256/s4/in/d), chains of 8 and 32 calls, checked.
  python chain_length.py OUT "M,N,K,TP;..." """
import json
import os
import sys

import jax
import jax.numpy as jnp

sys.path.insert(0, ".")
import jaxkern                                                        # noqa: E402
from benchmarks import _timing                                        # noqa: E402
from benchmarks.gemm_reduce_scatter import problem                    # noqa: E402
from jaxkern.shapes import GemmRsShape                                # noqa: E402
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig           # noqa: E402

CONFIG = GemmRsFusedConfig(num_stages=4, accumulate="input", deferred=True)


def main():
  out = sys.argv[1]
  print(jax.devices()[0].device_kind, jax.device_count(), flush=True)
  records = []
  for spec in sys.argv[2].split(";"):
    m, n, k, tp = map(int, spec.split(","))
    shape = GemmRsShape(m, n, k)
    mesh, sets, ref = problem(shape, tp)
    for impl in ("unfused", "fused"):
      fn = lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl=impl)
      for calls in (8, 32):
        with jaxkern.policy(gemm_reduce_scatter=CONFIG):
          t = _timing.time_chained(fn, sets, iters=10, calls=calls, num_devices=tp)
        err = float(jnp.linalg.norm((t.first.astype(jnp.float32) - ref).ravel())
                    / jnp.linalg.norm(ref.ravel()))
        rec = dict(shape=shape.name, tp=tp, impl=impl, calls=calls, wall=round(t.wall.us, 1),
                   cupti=round(t.cupti.us, 1), span=round(t.span.us, 1) if t.span else None,
                   ok=err < 2e-2)
        print(json.dumps(rec), flush=True)
        records.append(rec)
        with open(os.path.join(out, "chain_length.json"), "w") as f:
          json.dump(records, f, indent=1)


if __name__ == "__main__":
  main()
