"""Many random problems and kernel configs in Mosaic GPU interpret mode on CPU, each checked
against the float64 oracle, for as long as asked; one JSON line per problem.
  gemm:      tests/pallas_kernels/test_grouped_gemm_random.py's `random_problem` /
             `check_problem` (the test runs 10). A config the kernel rejects must raise
             NotImplementedError or ValueError with the reason `Problem.reason` gives.
  attention: tests/pallas_kernels/test_extend_attention_random.py's `random_case` through
             test_extend_attention_mosaic.py's `_check` (the test runs 6).
Any other exception, or a wrong result, is a failure ("FAIL ...").

PYTHONPATH=. python .../fuzz.py gemm|attention OUT.jsonl SEED SECONDS (from the repository root)
"""
import json
import sys
import time
import traceback

import numpy as np


def gemm_case(rng):
  from tests.pallas_kernels.test_grouped_gemm_random import check_problem, random_problem
  problem = random_problem(rng)
  reason = problem.reason()
  try:
    check_problem(problem, problem.run())
    result = "ok" if reason is None else f"FAIL ran although unsupported_reason says: {reason}"
  except (NotImplementedError, ValueError) as e:
    result = f"rejected: {type(e).__name__}: {str(e)[:300]}"
    if reason is None or reason not in str(e):
      result = "FAIL " + result + f" (unsupported_reason: {reason})"
  except AssertionError as e:
    result = f"FAIL wrong result: {str(e)[:300]}"
  return problem.desc, result


def attention_case(rng):
  from tests.pallas_kernels.test_extend_attention_mosaic import _check
  from tests.pallas_kernels.test_extend_attention_random import random_case
  case = random_case(rng)
  desc = {k: (repr(v) if k == "config" else v) for k, v in case.items()}
  try:
    _check(rng, case.pop("seqs"), **case)      # raises on a wrong result
  except Exception as e:
    return desc, f"FAIL {type(e).__name__}: {str(e)[:300]} | {traceback.format_exc()[-600:]}"
  return desc, "ok"


def main():
  kind, out_path, seed, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
  one = {"gemm": gemm_case, "attention": attention_case}[kind]
  rng = np.random.default_rng(seed)
  t_end = time.time() + seconds
  i = 0
  with open(out_path, "a") as f:
    while time.time() < t_end:
      t0 = time.time()
      try:
        desc, result = one(rng)
      except Exception as e:  # a crash, or a failed check
        desc = {"config": ""}
        result = f"FAIL {type(e).__name__}: {str(e)[:300]} | {traceback.format_exc()[-600:]}"
      desc = dict(desc, i=i, seed=seed, result=result, s=round(time.time() - t0, 1))
      f.write(json.dumps(desc, default=str) + "\n")
      f.flush()
      print(i, result[:150], str(desc["config"])[:140], flush=True)
      i += 1


if __name__ == "__main__":
  main()
