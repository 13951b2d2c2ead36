"""Session 64 (issue 5): how fast can a fused GEMM + reduce-scatter be on an H200, and why does
the host wall clock exceed the devices' span on the K = 29568 rows?

On one H200, each rank's local product of the bar shapes (a [8192, K/tp] @ b [K/tp, 8192], bf16,
float32 accumulation, bf16 out: the unfused path's dot, `sharding/gemm_rs.py`) is timed the way
`benchmarks.gemm_reduce_scatter` times a path (`_timing.time_chained`: 8 chained calls in one jit;
host wall per dispatch, CUPTI kernel time, profiler span with 20 ms host sleeps between traced
dispatches), after a check against a float32 reference. The dot alone is what a fused kernel that
hid every byte of the reduce-scatter under a cuBLAS-speed GEMM would take. Then each dot runs
back to back for about 3 s (sustained) while `nvidia-smi` samples clocks and power (the shell
script starts it), and once more with 20 ms of sleep between single calls (gapped), each timed
by the host clock around a waited call.

  python3 benchmarks/results/logs/session64/dot_bound.py OUT_JSON [SHAPE_INDEX ...]

One process per shape (`dot_bound.sh`): in run433 and run434, which ran every shape in one
process, CUPTI failed on the second shape's timing ("Mosaic GPU profiler error: activity records
were dropped"), whether or not the first shape's loops ran in between.
"""

import json
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np

from benchmarks import _timing

SHAPES = [(8192, 29568, 2), (8192, 29568, 4), (8192, 8192, 2), (8192, 8192, 4)]   # (M=N, K, tp)


def _sets(mn, k, tp):
  key = jax.random.key(k + tp)
  sets = []
  for s in range(3):
    ka, kb = jax.random.split(jax.random.fold_in(key, s))
    sets.append((jax.random.normal(ka, (mn, k), jnp.bfloat16),
                 (jax.random.normal(kb, (k, mn), jnp.float32) / np.sqrt(k)).astype(jnp.bfloat16)))
  return sets


def _dot(a, b):
  return jnp.dot(a, b, preferred_element_type=jnp.bfloat16)


def main(out_path, indices):
  shapes = [SHAPES[i] for i in indices]
  records = []
  for mn, k_total, tp in shapes:
    k = k_total // tp
    sets = _sets(mn, k, tp)
    a, b = sets[0]
    ref = jnp.dot(a.astype(jnp.float32), b.astype(jnp.float32), precision="highest")
    t = _timing.time_chained(_dot, sets, iters=10)
    err = float(jnp.linalg.norm(t.first.astype(jnp.float32) - ref) / jnp.linalg.norm(ref))
    assert err < 1e-2, err
    records.append(dict(shape=f"{mn}x{k}x{mn}", of=f"M{mn}_N{mn}_K{k_total} tp {tp}", err=err,
                        wall_us=t.wall.us, cupti_us=t.cupti.us, span_us=t.span.us,
                        tflops_span=2 * mn * mn * k / t.span.us / 1e6))
    print(json.dumps(_rounded(records[-1])), flush=True)
  for rec, (mn, k_total, tp) in zip(records, shapes):
    sets = _sets(mn, k_total // tp, tp)
    f = jax.jit(_dot)
    jax.block_until_ready(f(*sets[0]))
    time.sleep(1.0)
    n, start = 0, time.perf_counter()          # sustained: ~3 s of back-to-back calls
    while time.perf_counter() - start < 3.0:
      for i in range(20):
        out = f(*sets[i % 3])
      jax.block_until_ready(out)
      n += 20
    rec.update(sustained_host_us=(time.perf_counter() - start) * 1e6 / n,
               t_sustained_end=time.time())
    time.sleep(1.0)
    gapped = []
    for i in range(30):                        # gapped: one waited call, then 20 ms of sleep
      s0 = time.perf_counter()
      jax.block_until_ready(f(*sets[i % 3]))
      gapped.append((time.perf_counter() - s0) * 1e6)
      time.sleep(0.02)
    rec.update(gapped_host_us=float(np.median(gapped)))
    print(json.dumps(_rounded(rec)), flush=True)
  with open(out_path, "w") as fh:
    json.dump(dict(device=jax.devices()[0].device_kind, jax=jax.__version__, records=records), fh,
              indent=1)


def _rounded(rec):
  return {x: (round(v, 1) if isinstance(v, float) else v) for x, v in rec.items()}


if __name__ == "__main__":
  main(sys.argv[1], [int(i) for i in sys.argv[2:]] or range(len(SHAPES)))
