"""Session 56 (issue 4): DS_G1_m1024_dn (one group, 1024 x 7168 x 2048), which the H200 table
gives to XLA's ragged_dot (45.4 us against the kernel's 49.4 on 128 x 256 row tiles: 224 units
on 132 SMs, 1.7 rounds). Stream-K group tiles split the 92 units left after the whole round
along K (32 steps each) over the CTAs, at least MIN_STREAM_STEPS steps a CTA: 28 (the kernel's;
105 CTAs of ~28 steps) or 16 (set while tracing; all 132, ~22 steps). The benchmark's inputs
(benchmarks.grouped_gemm's `_inputs`, `_time`, `_rates`: each output checked against
`grouped_gemm_reference`, then CUPTI kernel us over rotated inputs), variants interleaved,
ROUNDS rounds in one process.
  python ab_streamk.py OUT [ROUNDS]"""
import functools
import json
import os
import sys

import jax

sys.path.insert(0, ".")
import jaxkern                                                        # noqa: E402
from benchmarks.grouped_gemm import _inputs, _rates, _time            # noqa: E402
from jaxkern.shapes import GROUPED_GEMM_SHAPES                        # noqa: E402
from pallas_kernels.grouped_gemm import grouped_gemm_reference, plan  # noqa: E402
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig as C   # noqa: E402
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas   # noqa: E402

W = dict(block_m=128, block_n=256, num_stages=4)
VARIANTS = (("rows/m128/n256/s4/b8", C(**W), None),
            ("groups/m128/n256/s4/b8", C(tiles="groups", **W), None),
            ("sk28/tile", C(tiles="groups", stream_k=True, **W), 28),
            ("sk16/tile", C(tiles="groups", stream_k=True, **W), 16),
            ("sk16/lanes", C(tiles="groups", stream_k=True, sk_partials="lanes", **W), 16))


def kernel(config, min_steps):
  def fn(a, b, g):
    real = plan.MIN_STREAM_STEPS
    plan.MIN_STREAM_STEPS = min_steps or real         # read while tracing
    try:
      return grouped_gemm_pallas(a, b, g, config=config)
    finally:
      plan.MIN_STREAM_STEPS = real
  return fn


def main():
  out_dir = sys.argv[1]
  rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
  print(jax.devices()[0].device_kind, flush=True)
  shape = {s.name: s for s in GROUPED_GEMM_SHAPES}["DS_G1_m1024_dn"]
  args_fn = functools.lru_cache(maxsize=None)(lambda s: _inputs(shape, s))
  ref = jax.jit(grouped_gemm_reference)(*args_fn(0))
  rows = int(args_fn(0)[2].sum())
  fns = [("xla", functools.partial(jaxkern.grouped_gemm, impl="xla"))]
  fns += [(name, kernel(cfg, steps)) for name, cfg, steps in VARIANTS]
  records = []
  for r in range(rounds):
    for name, fn in fns:
      rec = _rates(_time(dict(shape=shape.name, impl=name, round=r), fn, 20, ref, args_fn),
                   shape, rows)
      print(json.dumps({k: rec.get(k) for k in ("shape", "impl", "round", "us", "tflops", "err",
                                                 "note")}), flush=True)
      records.append(rec)
      with open(os.path.join(out_dir, "ab_streamk.json"), "w") as f:
        json.dump(records, f, indent=1)


if __name__ == "__main__":
  main()
