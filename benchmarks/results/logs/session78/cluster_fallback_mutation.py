"""Session 78 (CPU): the test of a row whose fastest config cannot run the shape (a 2-CTA
cluster config on an odd number of row tiles) fails when the rule finds none of the row's other
configs runnable (`rs_rule._runnable_times` patched to return none: the row's config is then
kept and the shape falls back to the unfused path), and passes unpatched. The review of session
78 moved that fallback from a cluster-only step (`_runnable`) into `_config_origin`. From the
repository root:
  python3 -m benchmarks.results.logs.session78.cluster_fallback_mutation > benchmarks/results/logs/session78/cluster_fallback_mutation.log"""

import sys

import pytest

from jaxkern.rules import gemm_reduce_scatter as rs_rule

TESTS = ["-q", "-p", "no:cacheprovider", "-m", "not gpu and not multi_gpu",
         "tests/sharding/test_gemm_rs_fused.py", "-k", "cannot_run_the_shape"]


def main():
  print("unpatched:", flush=True)
  ok = pytest.main(TESTS)
  real = rs_rule._runnable_times
  rs_rule._runnable_times = lambda *args, **kwargs: {}
  try:
    print("no other config runnable:", flush=True)
    mutated = pytest.main(TESTS)
  finally:
    rs_rule._runnable_times = real
  print(f"exit codes: unpatched {int(ok)}, no other config runnable {int(mutated)}")
  sys.exit(0 if ok == 0 and mutated != 0 else 1)


if __name__ == "__main__":
  main()
