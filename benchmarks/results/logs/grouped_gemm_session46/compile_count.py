"""Session 46: how many XLA compiles one interpreted grouped GEMM test runs, with the thread
bodies' executables shared (`jaxkern._compat._share_thread_compiles`, the default) and, for
comparison, compiled once per thread as jax 0.10.2's interpreter does on its own (the cache
sized 0: every thread compiles its body). CPU, one mode per process:
python .../compile_count.py shared|per_thread   (repository root)
Prints one JSON line: XLA compiles, their summed seconds (threads compile concurrently, so this
can exceed the wall time), the largest module's text size and how often it was compiled, and
the test's wall seconds."""
import collections, json, os, sys, time
sys.path[:0] = [os.getcwd(), "tests", "tests/pallas_kernels"]
import numpy as np
from jax._src import compiler
from jaxkern import _compat

mode = sys.argv[1]
if mode == "per_thread":
  _compat._THREAD_EXECUTABLES = 0
elif mode != "shared":
  sys.exit(f"mode must be shared or per_thread, got {mode!r}")
original, compiles = compiler.backend_compile_and_load, []


def counted(backend, module, *args, **kwargs):
  t = time.time()
  out = original(backend, module, *args, **kwargs)
  compiles.append((time.time() - t, len(str(module))))
  return out


compiler.backend_compile_and_load = counted
import test_grouped_gemm_mosaic as T

t0 = time.time()
T.test_masked_layout_rows_past_masked_m_are_zero(np.random.default_rng(0))
wall = time.time() - t0
largest = max(size for _, size in compiles)
print(json.dumps(dict(mode=mode, test="test_masked_layout_rows_past_masked_m_are_zero",
                      compiles=len(compiles), compile_s=round(sum(t for t, _ in compiles), 1),
                      largest_module_chars=largest,
                      largest_module_compiles=collections.Counter(s for _, s in compiles)[largest],
                      wall_s=round(wall, 1))))
