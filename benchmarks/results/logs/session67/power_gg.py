"""Session 67 (written for a later device call, not yet run): is issue 4's compute-bound bf16
grouped GEMM at the H200's power cap? Session 64 found the GEMM + reduce-scatter's GEMMs capped
(~690 W of 700, SM clock ~1500 MHz against 1980 idle) when dispatched back to back; Gemma's
gate/up prefill (641 TFLOP/s, bar 650) was not sampled. For each shape: the public op (the
table's kernel), checked against the float32 reference, timed as the benchmark times it
(`_timing.time_fn`, 20 calls over input sets rotated past the L2), then after 2 s of rest
dispatched back to back over the same sets for 4 s (host time per call). `power_gg.sh` samples
nvidia-smi meanwhile, and session 64's power_phases.py gives each phase's median SM clock, power
and how many samples had the power cap (0x4) active.

  python3 -m benchmarks.results.logs.session67.power_gg OUT_JSON [SHAPE,...]
"""

import json
import sys
import time

import jax
import jax.numpy as jnp

import jaxkern
from benchmarks import _timing
from benchmarks.grouped_gemm import _inputs
from jaxkern.shapes import GROUPED_GEMM_SHAPES
from pallas_kernels.grouped_gemm import grouped_gemm_reference

DEFAULT = "Gm_prefill_gu,Gm_prefill_dn,DS_prefill_G16_M16384_gu"


def main(out_path, names):
  records = []
  for shape in (s for s in GROUPED_GEMM_SHAPES if s.name in names):
    sets = [_inputs(shape, s) for s in range(_timing.rotations_for(_inputs(shape, 0)))]
    fn = jax.jit(jaxkern.grouped_gemm)
    ref = jax.jit(grouped_gemm_reference)(*sets[0]).astype(jnp.float32)
    out = fn(*sets[0]).astype(jnp.float32)
    err = float(jnp.linalg.norm(out - ref) / jnp.linalg.norm(ref))
    assert err < 2e-2, (shape.name, err)
    t = _timing.time_fn(fn, sets, iters=20)
    flops = 2.0 * int(shape.group_sizes().sum()) * shape.k * shape.n
    time.sleep(2.0)
    n, start = 0, time.time()
    while time.time() - start < 4.0:
      for args in sets:
        fn(*args)
      jax.block_until_ready(fn(*sets[0]))
      n += len(sets) + 1
    end = time.time()
    sustained = (end - start) * 1e6 / n
    rec = dict(shape=shape.name, tp=1, impl="jaxkern:auto", err=err, us=t.us, p10=t.p10,
               p90=t.p90, tflops=flops / t.us / 1e6, start=start, end=end,
               sustained_us=sustained, sustained_tflops=flops / sustained / 1e6, calls=n)
    records.append(rec)
    print(json.dumps(rec), flush=True)
  with open(out_path, "w") as fh:
    json.dump(dict(device=jax.devices()[0].device_kind, jax=jax.__version__, note=__doc__,
                   records=records), fh, indent=1)


if __name__ == "__main__":
  main(sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else DEFAULT).split(","))
