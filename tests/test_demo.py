"""`python -m jaxkern` runs the small serving step on CPU, checks it and explains the choices."""

import os
import subprocess
import sys


def test_demo_runs_on_cpu():
  env = {**os.environ, "JAX_PLATFORMS": "cpu"}
  env.pop("XLA_FLAGS", None)  # the demo forces its own 8 host devices
  proc = subprocess.run([sys.executable, "-m", "jaxkern", "--iters=1"], capture_output=True,
                        text=True, timeout=300, env=env)
  assert proc.returncode == 0, proc.stdout + proc.stderr
  out = proc.stdout
  for op in ("extend_attention (window 128)", "extend_attention (global)",
             "grouped_gemm (gate/up + swiglu)", "grouped_gemm (down)", "gemm_reduce_scatter (tp=8)"):
    assert f"| {op} |" in out
  assert "FAIL" not in out and out.count("| ok |") == 5
  assert "What the cost model chose, and why:" in out and "impl=xla" in out
