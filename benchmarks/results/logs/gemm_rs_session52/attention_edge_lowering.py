"""Session 52: extend attention exported for the cuda platform (CPU, abstract H200 mesh) over
edge shapes (T 13/64/200, B 1/3, page_size 1/16/32, Hq/Hkv 8/4, 4/4, 16/2, 6/2, head_dim
64/128/256, max_extend_len 1/13/200 up to T, window None/100, soft-cap None/30): python3 THIS
{pallas|auto}. pallas: 2016 shapes, 504 NotImplementedError, all GQA group 3 (the kernel takes
1, 2, 4, 8), none failing inside Mosaic GPU (the kind of failure the grouped GEMM had on K and N)
(attention_edge_lowering_pallas.log). auto (the rule's pick, explain then export): stopped after
600 of the 2016 shapes (a CPU slot was needed), 0 failed (attention_edge_lowering_auto_partial.log)."""
import sys, itertools; sys.path[:0] = [".", "tests"]
import jax, jax.numpy as jnp
import jaxkern
from _testing import H200_MESH
S = jax.ShapeDtypeStruct
IMPL = None if sys.argv[1] == "auto" else sys.argv[1]
bad, n_pallas, total = [], 0, 0
for T, B, ps, (hq, hkv), d, mel, win, cap, dt in itertools.product(
    (13, 64, 200), (1, 3), (1, 16, 32), ((8, 4), (4, 4), (16, 2), (6, 2)), (64, 128, 256),
    (1, 13, 200), (None, 100), (None, 30.0), (jnp.bfloat16,)):
  if mel > T: continue
  total += 1
  if total % 200 == 0: print(total, len(bad), flush=True)
  pages = 64
  maxp = 8
  args = (S((T, hq, d), dt), S((T, hkv, d), dt), S((T, hkv, d), dt), S((pages, ps, hkv, d), dt),
          S((pages, ps, hkv, d), dt), S((B, maxp), jnp.int32), S((B,), jnp.int32), S((B + 1,), jnp.int32))
  f = lambda *a: jaxkern.extend_attention(*a, sliding_window=win, logit_cap=cap, max_extend_len=mel, impl=IMPL)
  try:
    with jax.sharding.use_abstract_mesh(H200_MESH):
      if IMPL is None:
        [ch] = jaxkern.explain(f, *args)
        n_pallas += ch.impl == "pallas"
      jax.export.export(jax.jit(f), platforms=["cuda"])(*args)
  except Exception as e:
    bad.append(((T, B, ps, hq, hkv, d, mel, win, cap), type(e).__name__, str(e).splitlines()[0][:150]))
from collections import Counter
print(total, "cases;", len(bad), "failed;", n_pallas, "pallas picks (auto)")
for (t, m), c in Counter((t, m[:110]) for _, t, m in bad).most_common(20): print(c, t, m)
for b in bad[:5]: print(b)
