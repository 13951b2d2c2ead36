"""Session 52: the grouped GEMM public op exported for the cuda platform (CPU, abstract H200 mesh)
over edge shapes (K 8/72/200/1000, N 16/200/1000/1440/128, G 1/3, M 8/200, both layouts, both
rhs layouts, SwiGLU, bf16/fp16; 1024 shapes): python3 THIS {pallas|auto}, from the repository
root (or a worktree of an older commit). Logs beside it:
  _before.log (26bf134, pallas): 896 fail inside Mosaic GPU (TileTransform's ValueError): every
    K of partial steps (72/200/1000) and every N_out (N, or N/2 with SwiGLU) 200/720/1000/1440;
    K 8 with N_out 8/16/64/128 lowered;
  _pallas.log (final code): 768 NotImplementedError, all N_out not whole 64 columns (8 and 16
    included, which had lowered), none inside Mosaic GPU; every K lowers;
  _auto.log (final code, the rule's pick): 0 fail."""
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
# Failures by K and by N_out (N, or N/2 with SwiGLU), each over all the other dimensions.
n_out = lambda n, act: n // (2 if act else 1)
for name, of in (("K", lambda c: c[0]), ("N_out", lambda c: n_out(c[1], c[6]))):
  total, failed = Counter(of(c) for c in cases), Counter(of(b[0]) for b in bad)
  print(f"failed by {name}:", {v: f"{failed[v]}/{total[v]}" for v in sorted(total)})
for b in bad[:10]: print(b)
