"""Session 25: the H200's memory ceilings as XLA reaches them (CUPTI): a read-only pass (sum of
a bf16 array into float32) and a read + write pass (x + 1), 1 GiB and 0.5 GiB inputs."""
import jax, jax.numpy as jnp
from benchmarks import _timing

for gib in (1.0, 0.5):
  n = int(gib * (1 << 30)) // 2
  xs = [jax.random.normal(jax.random.key(i), (n // 4096, 4096), jnp.bfloat16) for i in range(2)]
  for label, fn, moved in (("read (sum)", lambda x: jnp.sum(x, dtype=jnp.float32), 2 * n),
                           ("read+write (x+1)", lambda x: x + jnp.bfloat16(1), 4 * n)):
    t = _timing.time_fn(fn, [(x,) for x in xs], iters=20)
    print(f"{gib:4.1f} GiB {label:18s} {t.us:9.1f} us  {moved / t.us / 1e6:5.2f} TB/s", flush=True)
