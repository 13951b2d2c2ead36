"""Session 52: the grouped GEMM public op exported for the cuda platform (CPU, abstract H200 mesh)
over edge shapes (K 8/72/200/1000, N 16/200/1000/1440/128, G 1/3, M 8/200, both layouts, both
rhs layouts, SwiGLU, bf16/fp16): python3 THIS {pallas|auto}. Before the session K % 64 != 0
(K 72/200/1000) and N 200/1000/1440 failed inside Mosaic GPU (TileTransform); now K lowers and N
(N/2 with SwiGLU) not a multiple of 64 raises NotImplementedError under impl='pallas' and takes the XLA path
unforced (auto: 0 of 1024 fail)."""
import sys, itertools, traceback; sys.path[:0] = [".", "tests"]
import jax, jax.numpy as jnp
import jaxkern
from _testing import H200_MESH
S = jax.ShapeDtypeStruct
bad = []
IMPL = sys.argv[1] if sys.argv[1] != "auto" else None
cases = []
for k, n, g, m, layout, rl, act, dt in itertools.product(
    (8, 72, 200, 1000), (16, 200, 1000, 1440, 128), (1, 3), (8, 200), ("contiguous", "masked"), ("kn", "nk"),
    (None, "swiglu"), (jnp.bfloat16, jnp.float16)):
  if act == "swiglu" and (n // 2) % 8: continue
  cases.append((k, n, g, m, layout, rl, act, dt))
print(len(cases), "cases")
for k, n, g, m, layout, rl, act, dt in cases:
  lhs = S((m, k) if layout == "contiguous" else (g, m, k), dt)
  rhs = S((g, n, k) if rl == "nk" else (g, k, n), dt)
  c = S((g,), jnp.int32)
  kw = dict(rhs_layout=rl, activation=act, impl=IMPL)
  f = ((lambda x, w, c: jaxkern.grouped_gemm(x, w, c, **kw)) if layout == "contiguous" else
       (lambda x, w, c: jaxkern.grouped_gemm(x, w, masked_m=c, **kw)))
  try:
    with jax.sharding.use_abstract_mesh(H200_MESH):
      jax.export.export(jax.jit(f), platforms=["cuda"])(lhs, rhs, c)
  except Exception as e:
    msg = str(e).splitlines()[0][:160]
    bad.append(((k, n, g, m, layout, rl, act, jnp.dtype(dt).name), type(e).__name__, msg))
from collections import Counter
print(len(bad), "failed")
cnt = Counter((t, m[:100]) for _, t, m in bad)
for (t, m), c in cnt.most_common(): print(c, t, m)
for b in bad[:10]: print(b)
