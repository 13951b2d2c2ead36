#!/usr/bin/env bash
# Session 64 (issue 5), nvidia-h200-x4 (lent at this session's start): on 4 H200s only, the fused
# kernel's multi_gpu tests at tp 4 (run358's selection: partial tiles, partial K steps, the bar
# shape, every candidate on 1056x4032x4160), then every sweep shape at tp 4, unfused beside
# n256/s4/in/d, table rows written to $OUT/bench/tuning (merged with benchmarks.merge_tuning).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
only_on H200
fused_tests tests_tp4.log ${TLIMIT:-170} "4128 or 1056x4032x4160 or 8192x8192x29568"
tail -1 $OUT/tests_tp4.log
sweep 4 ${LIMIT:-390}
tail -3 $OUT/bench.log
