#!/usr/bin/env bash
# Session 51 (issue 5), run365: on run364's warm 4 x H100 machine, the multi_gpu tests at tp 4 not
# in run358's selection: every candidate config on the seed shape (4096 x 4096 x 8192) and the 24
# chained calls without a sync (M = 256 and the seed shape), on session 50's kernel (the spread).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
fused_tests tests_tp4_chained.log 200 "chained or 4096x4096x8192"
