"""Session 56 (issue 4): the last column tile computing only the columns it has of N
(`support.edge_split`) against the same config running it whole, and against the table's config.
Contiguous, bf16, the benchmark's inputs and group sizes (benchmarks.grouped_gemm's `_inputs`,
`_time`, `_rates`: each output checked against `grouped_gemm_reference`, then CUPTI kernel us
over rotated inputs), variants interleaved, ROUNDS rounds in one process.
  edge/<config>:  the kernel as shipped (the narrow last column tile where `edge_split` > 1);
  whole/<config>: edge_split forced to 1 while tracing (the kernel before this change).
Runs on the kernel with edge_split_experiment.patch (beside this file) applied: the kept kernel
has no `edge_split` (run390 ran it so; the patch was then reverted).
  python ab_edge.py OUT [ROUNDS] [NAME,...]"""
import functools
import json
import os
import sys

import jax
import jax.numpy as jnp

sys.path.insert(0, ".")
from benchmarks.grouped_gemm import _inputs, _rates, _time            # noqa: E402
from jaxkern.shapes import GROUPED_GEMM_SHAPES, N_EDGE_GROUPED_GEMM_SHAPES   # noqa: E402
from pallas_kernels.grouped_gemm import grouped_gemm_reference       # noqa: E402
from pallas_kernels.grouped_gemm import mosaic                       # noqa: E402
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C   # noqa: E402

W = dict(block_m=128, block_n=256, num_stages=4, tiles="groups")
NARROW = C(block_m=128, block_n=128, num_stages=5, band=1, tiles="groups")
# (shape, activation, rhs_layout, [(label, config, edge)])
CASES = (
    ("Gm_prefill_gu", None, "kn", [("table/m128/n128/s5/b1", NARROW, True),
                                   ("edge/m128/n256/s4/b1", C(band=1, **W), True),
                                   ("whole/m128/n256/s4/b1", C(band=1, **W), False),
                                   ("edge/m128/n256/s4/b8", C(band=8, **W), True)]),
    ("Gm_prefill_gu", "swiglu", "kn", [("edge/m128/n256/s4/b1", C(band=1, **W), True),
                                       ("whole/m128/n256/s4/b1", C(band=1, **W), False)]),
    ("GO_tp2_gu_t8192", None, "nk", [("edge/m128/n256/s4/b8", C(band=8, **W), True),
                                     ("whole/m128/n256/s4/b8", C(band=8, **W), False)]),
    ("GO_tp2_gu_t8192", "swiglu", "nk", [("edge/m128/n256/s4/b8", C(band=8, **W), True),
                                         ("whole/m128/n256/s4/b8", C(band=8, **W), False)]),
)


def kernel(config, edge, activation, rhs_layout):
  real = mosaic.edge_split

  def fn(a, b, g):
    mosaic.edge_split = real if edge else (lambda *args, **kw: 1)    # read while tracing
    try:
      return mosaic.grouped_gemm_pallas(a, b, g, config=config, activation=activation,
                                        rhs_layout=rhs_layout)
    finally:
      mosaic.edge_split = real
  return fn


def main():
  out_dir = sys.argv[1]
  rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
  only = sys.argv[3].split(",") if len(sys.argv) > 3 else None
  print(jax.devices()[0].device_kind, flush=True)
  by_name = {s.name: s for s in GROUPED_GEMM_SHAPES + N_EDGE_GROUPED_GEMM_SHAPES}
  records = []
  for name, act, layout, variants in CASES:
    if only and name not in only:
      continue
    shape = by_name[name]
    base = functools.lru_cache(maxsize=None)(lambda s, shape=shape: _inputs(shape, s))
    args_fn = base if layout == "kn" else functools.lru_cache(maxsize=None)(
        lambda s, base=base: (base(s)[0], jnp.swapaxes(base(s)[1], 1, 2), base(s)[2]))
    ref = jax.jit(functools.partial(grouped_gemm_reference, activation=act))(*base(0))
    rows, label = int(base(0)[2].sum()), name + ("/swiglu" if act else "")
    fns = [(v, kernel(cfg, edge, act, layout)) for v, cfg, edge in variants]
    for r in range(rounds):
      for v, fn in fns:
        rec = _rates(_time(dict(shape=label, impl=v, round=r), fn, 20, ref, args_fn),
                     shape, rows, out_cols=shape.n // (2 if act else 1))
        print(json.dumps({k: rec.get(k) for k in ("shape", "impl", "round", "us", "tflops",
                                                   "err")}), flush=True)
        records.append(rec)
        with open(os.path.join(out_dir, "ab_edge.json"), "w") as f:
          json.dump(records, f, indent=1)
    del base, args_fn


if __name__ == "__main__":
  main()
