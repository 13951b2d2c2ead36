#!/usr/bin/env bash
# The whole `pytest -m gpu` suite (tier 3: every op at real sizes on the GPU) in a few device
# calls, from the repository root on the GPU machine:
#   bash benchmarks/gpu_tests.sh LIMIT_S WORKERS [DONE_LOG ...]
# With WORKERS > 1 pytest-xdist runs that many processes on the one GPU, each with 0.9 / WORKERS
# of its memory (its wheels: `bash benchmarks/fetch_peer_wheels.sh` here puts them in .peers/xdist;
# carry .peers). On one H200 (16 cores) 233 tests took 541 + 557 + 225 s of three calls at 5-6
# workers (session 70); in the last, the 25 slowest of its 43 tests alone added up to 883.5 s
# of test time in 219.1 s (why the processes overlap so well, compiling or the references on
# the host, was not measured).
# A call cut by LIMIT_S keeps the PASSED lines of its log: give the logs of earlier calls
# (fetched back and carried in the working tree) as DONE_LOGs, and only the tests none of them
# passed run. GPU_TESTS_K=EXPR runs only the tests `pytest -k EXPR` selects (session 71's
# review: call scripts had written the xdist setup out again to run a subset). Writes
# $OUT/gpu_suite.log (-v: a PASSED / FAILED line per test) and $OUT/summary.txt ($OUT: the
# device tool's output folder, else ./out/gpu_tests).
set -uo pipefail
cd "$(dirname "$0")/.."
limit=$1 workers=$2
shift 2
OUT=${OUT:-out/gpu_tests}
mkdir -p "$OUT"
source benchmarks/device_env.sh
if [ "$workers" -gt 1 ]; then
  python3 -m pip install -q --no-index --no-deps --upgrade --target /tmp/xdist \
    .peers/xdist/*.whl > /dev/null 2>&1 || { echo "no pytest-xdist wheels in .peers/xdist: run benchmarks/fetch_peer_wheels.sh"; exit 1; }
  export PYTHONPATH=$PYTHONPATH:/tmp/xdist
  export XLA_PYTHON_CLIENT_MEM_FRACTION=$(python3 -c "print(round(0.9 / $workers, 3))")
fi
timeout "$limit" python3 - "$workers" "$@" <<'PY' 2>&1 | grep -Ev '^[IW][0-9]{4}' > "$OUT/gpu_suite.log"
import os, re, subprocess, sys, pytest
workers, done_logs = int(sys.argv[1]), sys.argv[2:]
select = os.environ.get("GPU_TESTS_K")
listed = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only", "-m", "gpu",
                         "-p", "no:cacheprovider", "tests/gpu", *(["-k", select] if select else [])],
                        capture_output=True, text=True).stdout.splitlines()
ids = [l for l in listed if l.startswith("tests/")]     # ids may hold spaces: not for -k
passed = set()
for log in done_logs:
  passed |= set(re.findall(r"PASSED (tests/\S+(?: \S+)*?)\s*$", open(log).read(), re.M))
todo = [i for i in ids if i not in passed]
print(f"{len(ids)} gpu tests, {len(passed)} passed before, {len(todo)} to run", flush=True)
if not todo:
  sys.exit(0)
sys.exit(pytest.main(["-v", "-m", "gpu", "-p", "no:cacheprovider", "--durations=25",
                      *(["-n", str(workers)] if workers > 1 else []), *todo]))
PY
rc=${PIPESTATUS[0]}
echo "rc $rc" >> "$OUT/gpu_suite.log"
{ head -1 "$OUT/gpu_suite.log"; grep -cE "PASSED" "$OUT/gpu_suite.log" | sed 's/$/ PASSED lines/'
  grep -E "FAILED|ERROR" "$OUT/gpu_suite.log" | cut -c1-200 | head -40
  tail -3 "$OUT/gpu_suite.log"; } | tee "$OUT/summary.txt"
exit $rc
