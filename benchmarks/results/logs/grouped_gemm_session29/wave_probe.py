"""Session 29: where the one-wave grouped-GEMM rows lose time. One group (a dense GEMM through the
grouped kernel) at DS gate/up's N=4096, K=7168 for M in {1024, ..., 8192}: our kernel's
128 x 256 row tiles (4 stages) and 64 x 256 (split n) beside cuBLAS (jnp.dot), CUPTI kernel
times, inputs rotated past L2, outputs checked. If one wave (M=1024: 128 units on 132 SMs)
runs a key step much slower than several waves, the loss is in the lockstep of a single wave.
python benchmarks/results/logs/grouped_gemm_session29/wave_probe.py OUT [M,...] [N] [K]"""
import json, sys
import jax, jax.numpy as jnp
from benchmarks import _timing
from pallas_kernels.grouped_gemm import GroupedGemmPallasConfig, grouped_gemm_reference, mosaic

out = sys.argv[1]
ms = [int(x) for x in (sys.argv[2] if len(sys.argv) > 2 else "1024,2048,4096,8192").split(",")]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 4096
k = int(sys.argv[4]) if len(sys.argv) > 4 else 7168
CONFIGS = {"m128n256s4": dict(block_m=128, block_n=256, num_stages=4, split="m"),
           "m64n256s4n": dict(block_m=64, block_n=256, num_stages=4, split="n"),
           "m128n128s4": dict(block_m=128, block_n=128, num_stages=4, split="m")}
records = []
for m in ms:
  def make(seed):
    ka, kb = jax.random.split(jax.random.key(seed))
    a = jax.random.normal(ka, (m, k), jnp.float32).astype(jnp.bfloat16)
    b = (jax.random.normal(kb, (1, k, n), jnp.float32) / k ** 0.5).astype(jnp.bfloat16)
    return a, b, jnp.array([m], jnp.int32)
  sets = [make(s) for s in range(_timing.rotations_for(make(0)))]
  ref = jax.jit(grouped_gemm_reference)(*sets[0])
  flops = 2.0 * m * n * k
  fns = {"cublas": lambda a, b, g: jnp.dot(a, b[0], preferred_element_type=jnp.float32
                                           ).astype(jnp.bfloat16)}
  for name, cfg in CONFIGS.items():
    fns[name] = (lambda cfg: lambda a, b, g: mosaic.grouped_gemm_pallas(
        a, b, g, config=GroupedGemmPallasConfig(**cfg)))(cfg)
  for name, fn in fns.items():
    r = _timing.checked_time(dict(m=m, n=n, k=k, variant=name), fn, ref, sets, tol=2e-2, iters=10)
    kern = sum((r.get("kernels") or {}).values())
    us = r.get("us")
    print(f"M={m:6d} {name:12s} " + (f"{us:8.1f} us {flops / us / 1e6:5.0f} TF/s kernels "
          f"{kern:8.1f} us/step-per-unit {us / (k / 64):.3f}" if us else r.get("note", "")[:200]),
          flush=True)
    records.append(r)
  json.dump(records, open(f"{out}/wave_probe.json", "w"), indent=1)
