#!/bin/bash
# Session 70, ready for the next H200 call (not run; about 5 minutes, `.peers` carried):
# 1. stream_swap.py: the streaming probe with 256-row weight boxes (does the lhs cost of the
#    fp8 decode row halve with twice the weights per lhs box?), one process, 8 variants;
# 2. the three grouped GEMM fp8 shape tests run471 did not reach, on the code of the day.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
timeout 200 python3 -m benchmarks.results.logs.session70.stream_swap $OUT/stream_swap.json 2>&1 \
  | grep -Ev "$F" | tee $OUT/stream_swap.log
date +%T
L=benchmarks/results/logs/session70
bash benchmarks/gpu_tests.sh 240 3 $L/run471_done.log $L/run471/gpu_suite.log
date +%T
