"""Session 50 (issue 5): the fused GEMM + reduce-scatter kernel's GEMM core on one GPU, beside
cuBLAS and JAX's own Hopper Mosaic GPU matmul (hopper_matmul_mgpu) with and without 2-CTA
clusters (TMA multicast inside a cluster: on-chip, not NVLink) and grid swizzles.

Shapes are one rank's problem of the issue's bar shapes: a [8192, K/tp] @ b [K/tp, 8192] with
K/tp in 2048 (8192 at tp 4), 4096 (8192 at tp 2), 7424 (29568 at tp 4, padded to 64-column
steps). Ours runs at tp = 1 (one-device mesh: the pushes become TMA adds into the own
accumulator). CUPTI kernel us, inputs rotated past L2, every output checked against the float32
reference first.
  python core_probe.py OUT [K,K,...] [ours,cublas,jax]
"""
import dataclasses
import functools
import inspect
import itertools
import json
import os
import sys

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

sys.path.insert(0, ".")
from benchmarks import _timing                                        # noqa: E402
from pallas_kernels.gemm_rs import mosaic                             # noqa: E402
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig           # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
from core_probe2 import sets_for                                      # noqa: E402

OUT = sys.argv[1]
KS = tuple(int(k) for k in (sys.argv[2] if len(sys.argv) > 2 else "2048,4096,7424").split(","))
WHAT = tuple((sys.argv[3] if len(sys.argv) > 3 else "ours,cublas,jax").split(","))
M = N = 8192
records = []


def record(**r):
  records.append(r)
  print(json.dumps(r), flush=True)
  with open(os.path.join(OUT, "core_probe.json"), "w") as f:
    json.dump(records, f, indent=1)


def check(fn, a, b, ref):
  out = jnp.asarray(fn(a, b), jnp.float32)
  return float(jnp.linalg.norm(out - ref) / jnp.linalg.norm(ref))


def run(name, k, fn, sets, ref, **extra):
  try:
    err = check(jax.jit(fn), *sets[0], ref)
    t = _timing.time_fn(fn, sets, iters=20)
  except Exception as e:  # noqa: BLE001 - a config that does not build is a record too
    record(k=k, impl=name, error=f"{type(e).__name__}: {e}"[:300], **extra)
    return
  record(k=k, impl=name, us=round(t.us, 1), p10=round(t.p10, 1), p90=round(t.p90, 1),
         tflops=round(2 * M * N * k / t.us / 1e6, 1), err=err, **extra)


def ours(config):
  mesh = jax.make_mesh((1,), ("tp",), devices=jax.devices()[:1])

  def fn(a, b):
    body = functools.partial(mosaic.gemm_reduce_scatter_fused, axis_name="tp", tp=1,
                             config=config, num_sms=jax.devices()[0].core_count)
    return jax.shard_map(body, mesh=mesh, in_specs=(P(), P()), out_specs=P(),
                         check_vma=False)(a, b)
  return fn


def jax_configs():
  from jax.experimental.pallas.ops.gpu import hopper_matmul_mgpu as hm
  D = hm.MatmulDimension
  fields = {f.name for f in dataclasses.fields(hm.TuningConfig)}
  out = []
  for (tm, tn, wg), cluster, minor, width in itertools.product(
      ((128, 128, D.N), (128, 128, D.M)), (None, D.M, D.N), (D.N, D.M), (1, 8)):
    kw = dict(tile_m=tm, tile_n=tn, tile_k=64, max_concurrent_steps=4, grid_minor_dim=minor,
              grid_tile_width=width, wg_dimension=wg, cluster_dimension=cluster)
    kw = {k: v for k, v in kw.items() if k in fields}
    name = (f"jax:{tm * (1 + (wg == D.M))}x{tn * (1 + (wg == D.N))}/c{cluster}/"
            f"minor{minor}/w{width}")
    out.append((name, hm.TuningConfig(**kw)))
  params = inspect.signature(hm.matmul).parameters
  call = ((lambda a, b, c: hm.matmul(a, b, None, config=c)) if len(params) >= 4 else
          (lambda a, b, c: hm.matmul(a, b, config=c)))
  return out, call


def main():
  print(jax.devices(), jax.__version__, flush=True)
  for k in KS:
    sets = sets_for(k)
    ref = jax.jit(lambda a, b: jnp.dot(a, b, preferred_element_type=jnp.float32))(*sets[0])
    if "cublas" in WHAT:
      run("cublas:bf16", k, lambda a, b: jnp.dot(a, b, preferred_element_type=a.dtype), sets, ref)
    if "ours" in WHAT:
      for cfg in (GemmRsFusedConfig(num_stages=4, accumulate="input"),
                  GemmRsFusedConfig(num_stages=4, accumulate="input", deferred=True)):
        run(f"ours:{cfg.name}", k, ours(cfg), sets, ref)
    if "jax" in WHAT:
      configs, call = jax_configs()
      for name, c in configs:
        run(name, k, functools.partial(call, c=c), sets, ref)


if __name__ == "__main__":
  main()
