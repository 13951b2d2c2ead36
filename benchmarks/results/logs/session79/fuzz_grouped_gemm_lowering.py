# Session 79: the public op exported for cuda under the tests' abstract H200 mesh over a grid of shapes
# (from the repository root: PYTHONPATH=$PWD python benchmarks/results/logs/session79/<this>.py;
# under jax 0.11.2 with /tmp/v011/bin/python, the venv session66/jax011_lowering.sh makes).
# Prints every case that raised anything but a ValueError / NotImplementedError naming the op.
import sys, itertools, traceback, jax, jax.numpy as jnp, jaxkern
from _fuzz import export_failure
S = jax.ShapeDtypeStruct
bad = []
cases = []
for layout in ("contiguous", "masked"):
  for dt in ("bfloat16", "float8_e4m3fn"):
    for (g, m, k, n) in [(128, 4100, 2816, 1408), (128, 4103, 2816, 1408), (8, 1000, 1000, 1000), (16, 1032, 7168, 4096),
                         (3, 77, 136, 200), (1, 9, 128, 384), (256, 2048, 512, 256), (4, 4096, 2880, 1440), (128, 1024, 704, 2816)]:
      for act in (None, "swiglu"):
        for rl in ("kn", "nk"):
          cases.append((layout, dt, g, m, k, n, act, rl))
print(len(cases))
for (layout, dt, g, m, k, n, act, rl) in cases:
  dtype = jnp.dtype(dt)
  fp8 = dt.startswith("float8")
  lhs = S((m, k), dtype) if layout == "contiguous" else S((g, m, k), dtype)
  rhs = S((g, n, k) if rl == "nk" else (g, k, n), dtype)
  cnt = S((g,), jnp.int32)
  kw = dict(activation=act, rhs_layout=rl)
  args = [lhs, rhs, cnt]
  if fp8:
    if k % 128: continue
    args += [S(lhs.shape[:-1] + (k // 128,), jnp.float32), S((g, -(-n // 128), k // 128) if rl == "nk" else (g, k // 128, -(-n // 128)), jnp.float32)]
    if layout == "contiguous":
      f = lambda x, w, c, sx, sw: jaxkern.grouped_gemm(x, w, c, lhs_scale=sx, rhs_scale=sw, **kw)
    else:
      f = lambda x, w, c, sx, sw: jaxkern.grouped_gemm(x, w, masked_m=c, lhs_scale=sx, rhs_scale=sw, **kw)
  elif layout == "contiguous":
    f = lambda x, w, c: jaxkern.grouped_gemm(x, w, c, **kw)
  else:
    f = lambda x, w, c: jaxkern.grouped_gemm(x, w, masked_m=c, **kw)
  tag = (layout, dt, g, m, k, n, act, rl)
  if (failure := export_failure(f, args, "grouped_gemm")) is not None:
    bad.append((tag, *failure))
for b in bad: print(b)
print("bad", len(bad))
