#!/bin/bash
# Session 75, on nvidia-h200-x2 (repository root): the fused GEMM + RS kernel has not run on a GPU
# since session 64 (run432 at tp 4, run437-438 at tp 2), while the operand-ring and untiled-copy
# helpers it loads through (pallas_kernels/_mgpu.py) changed in sessions 65, 66 and 72. Every
# multi_gpu test of the fused kernel at tp 2 (40 tests), then issue 5's two bar shapes at tp 2,
# unfused beside the table's fused config, as session 60's run409 timed them.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
date +%T
fused_tests tests_tp2.log 330 "" | tail -8
date +%T
sweep 2 200 M8192_N8192_K8192,M8192_N8192_K29568
tail -3 $OUT/bench.log
date +%T
