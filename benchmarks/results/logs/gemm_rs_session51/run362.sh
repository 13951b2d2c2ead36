#!/usr/bin/env bash
# Session 51 (issue 5), second multi-GPU call (nvidia-h200-x4 asked again). On H200s: session
# 50's run358 as it is (multi_gpu tests at tp 4, the bar shapes at tp 4 and 2, H200 table rows
# replaced). On H100s: the 9 tp 4 rows of the H100 table still timed on session 49's kernel
# (`fused_timed`; unfused and n256/s4/in/d, rows replaced), then the multi_gpu tests at tp 2
# (CUDA_VISIBLE_DEVICES=0,1; run358's selection: partial tiles, partial K steps, the bar shape).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
bar_run_if_h200
sweep 4 ${LIMIT:-250} M16384_N8192_K29568,M256_N8192_K29568,M512_N8192_K29568,M256_N4096_K4096,M512_N4096_K4096,M16384_N8192_K8192,M256_N8192_K8192,M4096_N8192_K8192,M512_N8192_K8192
CUDA_VISIBLE_DEVICES=0,1 fused_tests tests_tp2.log ${TLIMIT:-200} "4128 or 1056x4032x4160 or 8192x8192x29568"
