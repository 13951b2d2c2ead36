"""Session 52 (issue 4's contract): what a K of partial 64-column steps costs the grouped GEMM
kernel, now that its lhs (and K-major rhs) loads read such a K in place (`_mgpu.operand_ring`'s
untiled view; before, it failed to lower). PEERS.md §3 shapes at their own K (whole steps) and
at a K of partial steps next to it (`dataclasses.replace`, as tests/gpu's partial-K test),
contiguous, inputs and group sizes as the grouped GEMM benchmark draws them: the public op with
impl="pallas" (the rule's config) beside lax.ragged_dot, each checked against
`grouped_gemm_reference` then timed over rotated inputs (benchmarks.grouped_gemm's `_inputs`,
`_time`, `_rates`: CUPTI kernel us, TFLOP/s). One process, one GPU:
  python partial_k_cost.py OUT
(run370 ran an earlier form of this script with its own inputs, equal group sizes and 1024 rows;
the review of session 52 moved it onto the benchmark's helpers and re-ran it as run372.)"""
import dataclasses
import functools
import json
import os
import sys

import jax

sys.path.insert(0, ".")
import jaxkern                                                        # noqa: E402
from benchmarks.grouped_gemm import _inputs, _rates, _time            # noqa: E402
from jaxkern.shapes import GROUPED_GEMM_SHAPES                        # noqa: E402
from pallas_kernels.grouped_gemm import grouped_gemm_reference       # noqa: E402

_BY_NAME = {s.name: s for s in GROUPED_GEMM_SHAPES}
CASES = (("DS_G4_m256_dn", 1000), ("DS_G4_m256_dn", 2040), ("Gm_decode_gu", 2824),
         ("DS_G1_m1024_gu", 7176))
IMPLS = (("pallas", functools.partial(jaxkern.grouped_gemm, impl="pallas")),
         ("ragged_dot", jax.lax.ragged_dot))


def main():
  out = sys.argv[1]
  print(jax.devices()[0].device_kind, flush=True)
  records = []
  for name, partial_k in CASES:
    for k in (_BY_NAME[name].k, partial_k):
      shape = dataclasses.replace(_BY_NAME[name], name=f"{name}_k{k}", k=k)
      args_fn = functools.lru_cache(maxsize=None)(lambda s, shape=shape: _inputs(shape, s))
      ref = jax.jit(grouped_gemm_reference)(*args_fn(0))
      rows = int(args_fn(0)[2].sum())
      for impl, fn in IMPLS:
        rec = _rates(_time(dict(shape=shape.name, k=k, impl=impl), fn, 20, ref, args_fn),
                     shape, rows)
        print(json.dumps(rec), flush=True)
        records.append(rec)
        with open(os.path.join(out, "partial_k_cost.json"), "w") as f:
          json.dump(records, f, indent=1)


if __name__ == "__main__":
  main()
