"""Session 64 (issue 5): does the fused GEMM + reduce-scatter run nearer the H200's power cap than
the unfused path? For each bar shape at tp = the visible GPU count, each path's 8-call chain
(`_timing.chained`, as the benchmark times it; the fused one forced to n256/s4/in/d) is checked
against the float32 reference, then dispatched back to back for 4 s (host time per call), with
2 s of rest before each; `power_probe.sh` samples nvidia-smi meanwhile, and each phase's start
and end (unix time) are printed to match the samples.

  python3 benchmarks/results/logs/session64/power_probe.py OUT_JSON SHAPE[,SHAPE]
"""

import json
import sys
import time

import jax
import jax.numpy as jnp

import jaxkern
from benchmarks import _timing
from benchmarks import gemm_reduce_scatter as bench
from jaxkern.rules import gemm_reduce_scatter as rs_rule
from jaxkern.shapes import GEMM_RS_SWEEP_SHAPES


def main(out_path, names):
  tp = jax.device_count()
  records = []
  for shape in (s for s in GEMM_RS_SWEEP_SHAPES if s.name in names):
    mesh, sets, ref = bench.problem(shape, tp)
    for impl, config in (("unfused", None), ("fused", rs_rule.candidate("n256/s4/in/d"))):
      fn = lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl=impl)
      # Everything inside the policy block: leaving it makes the chain re-trace (the policy is
      # part of jit's cache key), and run436, whose loops ran outside, timed the fused kernel's
      # recompilation (45480 / 25045 us per call, the GPUs idle at 127 W).
      with jaxkern.policy(gemm_reduce_scatter=config) if config else jaxkern.policy():
        chain, csets = _timing.chained(fn, sets, 8)
        first = jax.block_until_ready(chain(csets))[0].astype(jnp.float32)
        err = float(jnp.linalg.norm(first - ref) / jnp.linalg.norm(ref))
        assert err < 2e-2, (shape.name, impl, err)
        for _ in range(3):
          jax.block_until_ready(chain(csets))
        time.sleep(2.0)
        n, start = 0, time.time()
        while time.time() - start < 4.0:
          jax.block_until_ready(chain(csets))
          n += 1
        end = time.time()
      rec = dict(shape=shape.name, tp=tp, impl=impl, err=err, start=start, end=end,
                 sustained_us=(end - start) * 1e6 / (8 * n), chains=n)
      records.append(rec)
      print(json.dumps(rec), flush=True)
  with open(out_path, "w") as fh:
    json.dump(dict(device=jax.devices()[0].device_kind, jax=jax.__version__, records=records), fh,
              indent=1)


if __name__ == "__main__":
  main(sys.argv[1], sys.argv[2].split(","))
