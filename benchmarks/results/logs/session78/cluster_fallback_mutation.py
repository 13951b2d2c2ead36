"""Session 78 (CPU): the test of a clustered row's config on shapes of an odd number of row
tiles fails when the rule keeps the clustered config regardless (`rs_rule._runnable` patched to
return its config unchanged: the shape then falls back to the unfused path), and passes
unpatched. From the repository root:
  python3 -m benchmarks.results.logs.session78.cluster_fallback_mutation > benchmarks/results/logs/session78/cluster_fallback_mutation.log"""

import sys

import pytest

from jaxkern.rules import gemm_reduce_scatter as rs_rule

TESTS = ["-q", "-p", "no:cacheprovider", "-m", "not gpu and not multi_gpu",
         "tests/sharding/test_gemm_rs_fused.py", "-k", "clustered_rows_config"]


def main():
  print("unpatched:", flush=True)
  ok = pytest.main(TESTS)
  real = rs_rule._runnable
  rs_rule._runnable = lambda p, device, config, origin: (config, origin)
  try:
    print("clustered config kept:", flush=True)
    mutated = pytest.main(TESTS)
  finally:
    rs_rule._runnable = real
  print(f"exit codes: unpatched {int(ok)}, clustered config kept {int(mutated)}")
  sys.exit(0 if ok == 0 and mutated != 0 else 1)


if __name__ == "__main__":
  main()
