"""Probe: does 2-CTA cluster TMA multicast speed up a bf16 GEMM at our tile shape on the H200?
JAX's hopper_matmul_mgpu example (CTA 128x256, 4 stages) with cluster None / M / N, beside cuBLAS
and our grouped GEMM kernel with one group (m128/n256/s4)."""
import dataclasses, functools, statistics, sys, json
import jax, jax.numpy as jnp, numpy as np
from jax.experimental.mosaic.gpu import profiler
from jax.experimental.pallas.ops.gpu import hopper_matmul_mgpu as hm
from pallas_kernels.grouped_gemm.mosaic import grouped_gemm_pallas, GroupedGemmPallasConfig

def t(f, *args, iters=10):
  out, rt = profiler.measure(f, iterations=iters)(*args)
  return out, statistics.median(rt) * 1e3

res = []
shapes = [(16384, 4096, 7168), (8192, 8192, 14784), (8192, 8192, 4096)]
for (M, N, K) in shapes:
  a = jax.random.normal(jax.random.key(0), (M, K), jnp.bfloat16)
  b = jax.random.normal(jax.random.key(1), (K, N), jnp.bfloat16)
  ref = jnp.dot(a, b, preferred_element_type=jnp.float32)
  fl = 2 * M * N * K
  def rec(name, f):
    try:
      out, us = t(jax.jit(f), a, b)
      err = float(jnp.linalg.norm(out.astype(jnp.float32) - ref) / jnp.linalg.norm(ref))
      print(f"{M}x{N}x{K} {name:40s} {us:9.1f} us {fl/us/1e6:6.1f} TFLOP/s err {err:.1e}", flush=True)
      res.append(dict(m=M, n=N, k=K, impl=name, us=us, tflops=fl/us/1e6, err=err))
    except Exception as e:
      print(f"{M}x{N}x{K} {name:40s} FAILED {type(e).__name__}: {str(e)[:300]}", flush=True)
  rec("cublas", lambda a, b: jnp.dot(a, b))
  cfg = GroupedGemmPallasConfig(block_m=128, block_n=256, num_stages=4, split="m", band=8)
  gs = jnp.array([M], jnp.int32)
  rec("ours g1 m128/n256/s4/m/b8", lambda a, b: grouped_gemm_pallas(a, b[None], gs, config=cfg))
  for cl in (None, hm.MatmulDimension.M, hm.MatmulDimension.N):
    for gmd in (hm.MatmulDimension.N, hm.MatmulDimension.M):
      for w in (4, 8):
        c = hm.TuningConfig(tile_m=128, tile_n=128, tile_k=64, max_concurrent_steps=4,
                            epi_tile_n=64, epi_tile_m=64, grid_minor_dim=gmd,
                            grid_tile_width=w, wg_dimension=hm.MatmulDimension.N,
                            cluster_dimension=cl)
        import inspect
        three = len(inspect.signature(hm.matmul).parameters) >= 4
        f = (lambda a, b, c=c: hm.matmul(a, b, None, config=c)) if three else (lambda a, b, c=c: hm.matmul(a, b, config=c))
        rec(f"jax cl={cl} minor={gmd} w={w}", f)
import os
json.dump(res, open(os.path.join(os.environ.get("OUT", "."), "cluster_probe.json"), "w"), indent=1)
