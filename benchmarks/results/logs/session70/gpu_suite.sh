#!/bin/bash
# Session 70 (one H200, repository root, `.peers` carried): the whole `pytest -m gpu` suite at
# HEAD (the largest GPU-test run in the committed logs before it had 40 tests, session 11's;
# sessions ran the subsets their changes touched). pytest-xdist (wheels fetched into
# .peers/xdist by benchmarks/fetch_peer_wheels.sh, carried, installed to /tmp/xdist; a
# device-only tool, not a project dependency) runs WORKERS processes on the one GPU, each with
# its share of its memory: compiling the kernels and the float32 references dominate, and the
# 16 cores compile in parallel.
#   bash gpu_suite.sh LIMIT_S WORKERS [DONE_LOG ...]
# Test ids that PASSED in the DONE_LOGs (this script's earlier logs, fetched back and carried
# in the working tree) are left out, so a second call runs what the first did not reach.
# Writes $OUT/gpu_suite.log (-v: one PASSED/FAILED line per test) and $OUT/summary.txt.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
limit=$1 workers=$2
shift 2
python3 -m pip install --no-index --no-deps --target /tmp/xdist .peers/xdist/*.whl > /dev/null 2>&1
export PYTHONPATH=$PYTHONPATH:/tmp/xdist
export XLA_PYTHON_CLIENT_MEM_FRACTION=$(python3 -c "print(round(0.9 / $workers, 3))")
timeout "$limit" python3 - "$workers" "$@" <<'PY' 2>&1 | grep -Ev "$F" > $OUT/gpu_suite.log
import re, subprocess, sys, pytest
workers, done_logs = sys.argv[1], sys.argv[2:]
listed = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only", "-m", "gpu",
                         "-p", "no:cacheprovider", "tests/gpu"],
                        capture_output=True, text=True).stdout.splitlines()
ids = [l for l in listed if l.startswith("tests/")]
passed = set()
for log in done_logs:
  passed |= set(re.findall(r"PASSED (tests/\S+(?: \S+)*?)\s*$", open(log).read(), re.M))
todo = [i for i in ids if i not in passed]
print(f"{len(ids)} gpu tests, {len(passed)} passed before, {len(todo)} to run", flush=True)
sys.exit(pytest.main(["-v", "-m", "gpu", "-p", "no:cacheprovider", "-n", workers,
                      "--durations=25", *todo]))
PY
echo "rc ${PIPESTATUS[0]}" >> $OUT/gpu_suite.log
{ head -1 $OUT/gpu_suite.log; grep -cE "PASSED" $OUT/gpu_suite.log | sed 's/$/ PASSED lines/'
  grep -E "FAILED|ERROR" $OUT/gpu_suite.log | cut -c1-200 | head -40
  tail -3 $OUT/gpu_suite.log; } | tee $OUT/summary.txt
