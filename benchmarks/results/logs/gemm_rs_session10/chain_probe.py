"""Which chain length of fused GEMM+RS calls in one jit segfaults at tp = jax.device_count()?"""
import sys
import jax, jax.numpy as jnp, numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
import jaxkern
from benchmarks import _timing
calls, m, n, k = (int(x) for x in sys.argv[1:5])
tp = jax.device_count()
mesh = jax.make_mesh((tp,), ("tp",), axis_types=(jax.sharding.AxisType.Explicit,))
def inputs(seed):
  rng = np.random.default_rng(seed)
  a = jnp.asarray(rng.standard_normal((m, k), np.float32), jnp.bfloat16)
  b = jnp.asarray(rng.standard_normal((k, n), np.float32) / np.sqrt(k), jnp.bfloat16)
  return (jax.device_put(a, NamedSharding(mesh, P(None, "tp"))), jax.device_put(b, NamedSharding(mesh, P("tp", None))))
if len(sys.argv) > 5:   # the unfused (NCCL) path first, as the benchmark does
  u = lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl="unfused")
  print("unfused", _timing.time_chained_wall(u, [inputs(0), inputs(1)], iters=3, calls=calls).us, flush=True)
  print("unfused cupti", _timing.time_fn(u, [inputs(0), inputs(1)], iters=3, num_devices=tp).us, flush=True)
fn = lambda a, b: jaxkern.gemm_reduce_scatter(a, b, mesh=mesh, impl="fused")
t = _timing.time_chained_wall(fn, [inputs(0), inputs(1)], iters=3, calls=calls)
print(f"tp={tp} calls={calls} {m}x{n}x{k}: OK {t.us:.1f} us/call", flush=True)
