"""Review of session 77 (CPU): the lending rule's tests fail when a sibling kind lends any
config, run or not on the borrower (`rs_rule._timed_here` patched to every candidate), and pass
unpatched. From the repository root:
  python3 -m benchmarks.results.logs.session77.lending_mutation > benchmarks/results/logs/session77/lending_mutation.log"""

import sys

import pytest

from jaxkern.rules import gemm_reduce_scatter as rs_rule

TESTS = ["-q", "-p", "no:cacheprovider", "-m", "not gpu and not multi_gpu",
         "tests/sharding/test_gemm_rs_fused.py", "-k", "lends or held_out_rows_stays"]


def main():
  print("unpatched:", flush=True)
  ok = pytest.main(TESTS)
  real = rs_rule._timed_here
  rs_rule._timed_here = lambda device: set(rs_rule._BY_NAME)
  try:
    print("every candidate lent:", flush=True)
    mutated = pytest.main(TESTS)
  finally:
    rs_rule._timed_here = real
  print(f"exit codes: unpatched {int(ok)}, every candidate lent {int(mutated)}")
  sys.exit(0 if ok == 0 and mutated != 0 else 1)


if __name__ == "__main__":
  main()
