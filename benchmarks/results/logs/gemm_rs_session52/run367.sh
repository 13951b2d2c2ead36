#!/usr/bin/env bash
# Session 52, second multi-GPU call: the 7 tp 4 rows of K = 29568 (K/tp 7392: the only swept
# K shard of partial 64-column steps, so the only rows the change moves) re-timed, unfused beside
# n256/s4/in/d, table rows replaced (--update-tuning).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
sweep 4 ${LIMIT:-400} M256_N8192_K29568,M512_N8192_K29568,M1024_N8192_K29568,M2048_N8192_K29568,M4096_N8192_K29568,M8192_N8192_K29568,M16384_N8192_K29568
