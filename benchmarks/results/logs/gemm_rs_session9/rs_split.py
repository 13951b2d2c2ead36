"""Where the fused kernel's time goes at one shape: fused at tp, the same kernel at tp=1 on one
rank's share (no NVLink), cuBLAS dot alone on one rank's share, psum_scatter alone, unfused."""
import sys, functools
import jax, jax.numpy as jnp, numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
import jaxkern
from benchmarks import _timing
from pallas_kernels.gemm_rs.mosaic import GemmRsFusedConfig, gemm_reduce_scatter_fused
m, n, k, tp = (int(x) for x in sys.argv[1:5])
cfg = GemmRsFusedConfig(num_stages=4, accumulate="input")
def sets(mesh, shape_a, shape_b, sa, sb, count=3):
  out = []
  for s in range(count):
    rng = np.random.default_rng(s)
    a = jnp.asarray(rng.standard_normal(shape_a, np.float32), jnp.bfloat16)
    b = jnp.asarray(rng.standard_normal(shape_b, np.float32) / 64, jnp.bfloat16)
    out.append((jax.device_put(a, NamedSharding(mesh, sa)), jax.device_put(b, NamedSharding(mesh, sb))))
  return out
def show(name, fn, arg_sets, nd):
  t = _timing.time_fn(fn, arg_sets, iters=10, num_devices=nd)
  print(f"{name}: {t.us:.1f} us", flush=True)
mesh = jax.make_mesh((tp,), ("tp",), devices=jax.devices()[:tp])
S = sets(mesh, (m, k), (k, n), P(None, "tp"), P("tp", None))
for c in (cfg, GemmRsFusedConfig()):
  with jaxkern.policy(gemm_reduce_scatter=c):
    show(f"fused tp={tp} {c.name}", lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh), S, tp)
show(f"unfused tp={tp}", lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl="unfused"), S, tp)
from pallas_kernels.grouped_gemm.config import GroupedGemmPallasConfig
dev0 = jax.devices()[0]
a1 = [tuple(jax.device_put(x, dev0) for x in s) for s in sets(mesh, (m, k // tp), (k // tp, n), P(), P())]
for gc in (GroupedGemmPallasConfig(num_stages=4), GroupedGemmPallasConfig(num_stages=3)):
  try:
    show(f"grouped GEMM kernel G=1 (same core, no comm) one rank's share s{gc.num_stages}",
         lambda a, b: jaxkern.grouped_gemm(a, b[None], jnp.array([m], jnp.int32), impl="pallas", config=gc), a1, 1)
  except Exception as e:
    print("grouped gemm failed", type(e).__name__, str(e)[:200], flush=True)
show("cuBLAS dot bf16 out (one rank's share)", lambda a, b: jnp.dot(a, b, preferred_element_type=jnp.float32).astype(jnp.bfloat16), a1, 1)
rs = jax.jit(jax.shard_map(lambda x: jax.lax.psum_scatter(x, "tp", scatter_dimension=0, tiled=True), mesh=mesh, in_specs=P(), out_specs=P("tp")))
xs = [(jax.device_put(jnp.ones((m, n), jnp.bfloat16) * (i + 1), NamedSharding(mesh, P())),) for i in range(2)]
show(f"psum_scatter bf16 [{m},{n}] tp={tp}", rs, xs, tp)
