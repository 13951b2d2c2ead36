"""Session 54 (issue 4): what an output of N (N/2 with SwiGLU) not whole 64 columns costs the
grouped GEMM kernel, now that it takes such N with K-major weights (the epilogue's TMA stores
through an untiled view; before, the rule sent these shapes to XLA). gpt-oss-120b's gate/up at
tp 2 and 4 (jaxkern.shapes.N_EDGE_GROUPED_GEMM_SHAPES), contiguous, the benchmark's inputs and
group sizes (benchmarks.grouped_gemm's `_inputs`, `_time`, `_rates`: each output checked
against `grouped_gemm_reference`, then CUPTI kernel us over rotated inputs). Per case:
  pallas/<config>: the kernel on K-major weights, N as it is;
  pad64/<config>: the same config on the weights padded to whole 64 columns of each part (the
    padding made before timing; its output columns past N sliced off, not timed): the edge's cost;
  xla: the public op's XLA path on [G, K, N] weights (what the rule picked before).
  auto: the public op on K-major weights, the rule's pick (an untuned shape: the formula's
    config where the measured rows of its class ran the kernel faster).
  python n_edge.py OUT [NAME,...|all [IMPL,...]]   (IMPL: xla, pallas, pad64, auto)"""
import functools
import json
import os
import sys

import jax
import jax.numpy as jnp

sys.path.insert(0, ".")
import jaxkern                                                        # noqa: E402
from benchmarks.grouped_gemm import _inputs, _rates, _time            # noqa: E402
from jaxkern.shapes import N_EDGE_GROUPED_GEMM_SHAPES                 # noqa: E402
from pallas_kernels.grouped_gemm import grouped_gemm_reference       # noqa: E402
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C   # noqa: E402
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas   # noqa: E402

PREFILL = (("m128/n256/s4/groups", C(block_m=128, block_n=256, num_stages=4, tiles="groups")),
           ("m128/n128/s5/groups", C(block_m=128, block_n=128, num_stages=5, tiles="groups")))
DECODE = (("m64/n128/s6/n/groups", C(block_m=64, block_n=128, split="n", num_stages=6,
                                     tiles="groups")),
          ("m64/n256/s4/n/groups", C(block_m=64, block_n=256, split="n", num_stages=4,
                                     tiles="groups")))


def _pad_parts(rhs_nk, parts):
  """[G, N, K] -> each of its `parts` padded to whole 64 rows (columns of the result)."""
  g, n, k = rhs_nk.shape
  per = n // parts
  x = rhs_nk.reshape(g, parts, per, k)
  x = jnp.pad(x, ((0, 0), (0, 0), (0, -per % 64), (0, 0)))
  return x.reshape(g, -1, k)


def main():
  out_dir = sys.argv[1]
  only = sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2] != "all" else None
  impls = sys.argv[3].split(",") if len(sys.argv) > 3 else ("xla", "pallas", "pad64")
  print(jax.devices()[0].device_kind, flush=True)
  records = []
  name_json = "n_edge.json" if len(sys.argv) <= 3 else f"n_edge_{'_'.join(impls)}.json"
  for shape in N_EDGE_GROUPED_GEMM_SHAPES:
    if only and shape.name not in only:
      continue
    for act in (None, "swiglu"):
      parts = 2 if act else 1
      n_out = shape.n // parts
      if n_out % 64 == 0:
        continue
      name = f"{shape.name}{'/swiglu' if act else ''}"
      base = functools.lru_cache(maxsize=None)(lambda s, shape=shape: _inputs(shape, s))
      nk = functools.lru_cache(maxsize=None)(
          lambda s: (base(s)[0], jnp.swapaxes(base(s)[1], 1, 2), base(s)[2]))
      padded = functools.lru_cache(maxsize=None)(
          lambda s, parts=parts: (nk(s)[0], _pad_parts(nk(s)[1], parts), nk(s)[2]))
      ref = jax.jit(functools.partial(grouped_gemm_reference, activation=act))(*base(0))
      rows = int(base(0)[2].sum())
      cases = [("xla", functools.partial(jaxkern.grouped_gemm, activation=act, impl="xla"),
                base, None)]
      for cname, cfg in (DECODE if shape.memory_bound else PREFILL):
        kern = functools.partial(grouped_gemm_pallas, config=cfg, activation=act,
                                 rhs_layout="nk")
        cases.append((f"pallas/{cname}", kern, nk, None))
        cases.append((f"pad64/{cname}", kern, padded,
                      lambda out, *args, n_out=n_out: out[:, :n_out]))   # checked, not timed
      cases.append(("auto", functools.partial(jaxkern.grouped_gemm, activation=act,
                                              rhs_layout="nk"), nk, None))
      cases = [c for c in cases if c[0].split("/")[0] in impls]
      for impl, fn, args_fn, checked in cases:
        rec = _rates(_time(dict(shape=name, impl=impl), fn, 20, ref, args_fn, checked=checked),
                     shape, rows, out_cols=n_out)
        print(json.dumps(rec), flush=True)
        records.append(rec)
        with open(os.path.join(out_dir, name_json), "w") as f:
          json.dump(records, f, indent=1)


if __name__ == "__main__":
  main()
