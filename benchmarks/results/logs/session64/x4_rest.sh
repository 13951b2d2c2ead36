#!/usr/bin/env bash
# Session 64 (issue 5), for nvidia-h200-x4: the three tp 4 sweep shapes run432's limit cut
# (M = 16384), unfused beside n256/s4/in/d, rows in $OUT/bench/tuning. On anything else: stop.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
only_on H200
sweep 4 ${LIMIT:-400} M16384_N4096_K4096,M16384_N8192_K8192,M16384_N8192_K29568
tail -3 $OUT/bench.log
