# Session 79: the public op exported for cuda under the tests' abstract H200 mesh over a grid of shapes
# (from the repository root: PYTHONPATH=$PWD python benchmarks/results/logs/session79/<this>.py;
# under jax 0.11.2 with /tmp/v011/bin/python, the venv session66/jax011_lowering.sh makes).
# Prints every case that raised anything but a ValueError / NotImplementedError naming the op.
import sys, itertools, jax, jax.numpy as jnp, jaxkern
from _fuzz import export_failure
S = jax.ShapeDtypeStruct
bad = []; n = 0
combos = []
for (T, B, mel) in [(8192, 1, None), (37, 3, None), (4, 4, 1), (64, 32, 2), (1000, 5, 512), (16, 1, 16), (33, 33, 1)]:
  for (hq, hkv, d) in [(8, 4, 256), (32, 8, 128), (8, 8, 64), (16, 2, 128), (12, 4, 128), (8, 4, 96), (4, 4, 512)]:
    for ps in (16, 1, 7):
      for dt in ("bfloat16", "float16"):
        for win, cap in ((None, None), (1024, 30.0)):
          combos.append((T, B, mel, hq, hkv, d, ps, dt, win, cap))
import random; random.seed(0); combos = random.sample(combos, 150)
for (T, B, mel, hq, hkv, d, ps, dt, win, cap) in combos:
  dtype = jnp.dtype(dt); pages = 64; maxp = 40
  args = (S((T, hq, d), dtype), S((T, hkv, d), dtype), S((T, hkv, d), dtype),
          S((pages, ps, hkv, d), dtype), S((pages, ps, hkv, d), dtype), S((B, maxp), jnp.int32),
          S((B,), jnp.int32), S((B + 1,), jnp.int32))
  f = lambda *a: jaxkern.extend_attention(*a, sliding_window=win, logit_cap=cap, max_extend_len=mel)
  tag = (T, B, mel, hq, hkv, d, ps, dt, win, cap)
  if (failure := export_failure(f, args, "extend_attention")) is not None:
    bad.append((tag, *failure))
for b in bad: print(b)
print("bad", len(bad), "of", len(combos))
