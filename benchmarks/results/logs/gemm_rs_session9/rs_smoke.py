"""First run of the fused GEMM+RS kernel: small shape, tp = all local GPUs, with a hang guard
outside (timeout). Prints error vs an fp32 reference and a crude wall time."""
import sys, time
import jax, jax.numpy as jnp, numpy as np
import jaxkern
m, n, k = (int(x) for x in sys.argv[1:4])
tp = jax.device_count()
mesh = jax.make_mesh((tp,), ("tp",))
rng = np.random.default_rng(0)
a = jnp.asarray(rng.standard_normal((m, k), np.float32), jnp.bfloat16)
b = jnp.asarray(rng.standard_normal((k, n), np.float32) / np.sqrt(k), jnp.bfloat16)
f = jax.jit(lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl="fused"))
t0 = time.time(); out = f(a, b).block_until_ready(); print("first call", time.time() - t0, flush=True)
ref = jnp.dot(a.astype(jnp.float32), b.astype(jnp.float32), precision="highest")
err = lambda x, y: float(jnp.linalg.norm((x.astype(jnp.float32) - y).ravel()) / jnp.linalg.norm(y.ravel()))
print("rel err", err(out, ref), flush=True)
o, rf = np.asarray(out, np.float32), np.asarray(ref)
for r in range(tp):
  blk = slice(r * m // tp, (r + 1) * m // tp)
  print(" block", r, np.linalg.norm(o[blk] - rf[blk]) / np.linalg.norm(rf[blk]), flush=True)
out2 = f(a, b).block_until_ready()
print("second call rel err", err(out2, ref), flush=True)
t0 = time.time()
for _ in range(10): out2 = f(a, b)
out2.block_until_ready(); print("wall per call us", (time.time() - t0) / 10 * 1e6)
