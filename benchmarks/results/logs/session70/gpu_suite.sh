#!/bin/bash
# Session 70 (one H200, repository root, `.peers` carried): the whole `pytest -m gpu` suite at
# HEAD (the largest GPU-test run in the committed logs before it had 40 tests, session 11's;
# sessions ran the subsets their changes touched). pytest-xdist (wheels fetched into
# .peers/xdist by benchmarks/fetch_peer_wheels.sh, carried, installed to /tmp/xdist; a
# device-only tool, not a project dependency) runs WORKERS processes on the one GPU, each with
# its share of its memory.
#   bash gpu_suite.sh LIMIT_S WORKERS [DONE_LOG ...]
# Test ids that PASSED in the DONE_LOGs (this script's earlier logs, fetched back and carried
# in the working tree) are left out, so a second call runs what the first did not reach.
# Writes $OUT/gpu_suite.log (-v: one PASSED/FAILED line per test) and $OUT/summary.txt.
# run467-469 ran this script with those steps written out here (253589f); they are now
# benchmarks/gpu_tests.sh, which this calls.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
bash benchmarks/gpu_tests.sh "$@"
