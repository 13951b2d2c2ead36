"""Session 52 (issue 4's contract): what a K of partial 64-column steps costs the grouped GEMM
kernel, now that its lhs (and K-major rhs) loads read such a K in place (`_mgpu.operand_ring`'s
untiled view; before, it failed to lower). Per shape: the public op with impl="pallas" (the
rule's config for that shape) at K and at the nearest whole-step K below, beside lax.ragged_dot
at both; CUPTI kernel us (`_timing.time_fn`, inputs rotated past the L2), each result checked
against a float32 reference first. One process, one GPU:
  python partial_k_cost.py OUT"""
import json
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np

sys.path.insert(0, ".")
import jaxkern                                                        # noqa: E402
from benchmarks import _timing                                        # noqa: E402
from jaxkern.checks import rel_err                                    # noqa: E402

# (name, G, N, K values, rows): DeepSeek-like down (N 7168) and Gemma-like gate/up (N 1408).
CASES = [("G4_dn", 4, 7168, (1024, 1000), 1024), ("G4_dn", 4, 7168, (2048, 2040), 1024),
         ("G128_gu", 128, 1408, (2816, 2824), 8192), ("G1_gu", 1, 4096, (7168, 7176), 1024)]


def main():
  out = sys.argv[1]
  print(jax.devices()[0].device_kind, flush=True)
  records = []
  for name, g, n, ks, rows in CASES:
    for k in ks:
      def inputs(seed):
        ka, kb = jax.random.split(jax.random.key(seed))
        sizes = np.full(g, rows // g, np.int32)
        a = jax.random.normal(ka, (rows, k), jnp.float32).astype(jnp.bfloat16)
        b = (jax.random.normal(kb, (g, k, n), jnp.float32) / np.sqrt(k)).astype(jnp.bfloat16)
        return a, b, jnp.asarray(sizes)
      args = inputs(0)
      sets = [args] + [inputs(s) for s in range(1, _timing.rotations_for(args))]
      ref = jax.jit(lambda a, b, s: jax.lax.ragged_dot(a.astype(jnp.float32), b.astype(jnp.float32),
                                                         s))(*args)
      for impl, fn in (("pallas", lambda a, b, s: jaxkern.grouped_gemm(a, b, s, impl="pallas")),
                       ("ragged_dot", lambda a, b, s: jax.lax.ragged_dot(a, b, s))):
        err = float(rel_err(jax.jit(fn)(*args), ref))
        t = _timing.time_fn(fn, sets, iters=20)
        rec = dict(case=name, g=g, n=n, k=k, rows=rows, impl=impl, us=round(t.us, 2),
                   tflops=round(2 * rows * n * k / t.us / 1e6, 1), err=err, ok=err < 1e-2)
        print(json.dumps(rec), flush=True)
        records.append(rec)
        with open(os.path.join(out, "partial_k_cost.json"), "w") as f:
          json.dump(records, f, indent=1)


if __name__ == "__main__":
  main()
