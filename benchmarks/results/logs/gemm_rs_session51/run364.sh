#!/usr/bin/env bash
# Session 51 (issue 5), last multi-GPU call (nvidia-h200-x4 asked again). On H200s: the bar
# shapes at tp 4 and 2 (unfused, n256/s4/in/d; H200 table rows replaced) after the multi_gpu
# tests of K = 29568 at tp 4. On H100s: chain_length.py (wall vs span with 8 and 32 chained calls)
# on three short calls where wall and span disagree.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "$gpu"
if [[ "$gpu" == *H200* ]]; then
  fused_tests tests_tp4.log 120 "8192x8192x29568"
  sweep 4,2 260 M8192_N8192_K8192,M8192_N8192_K29568
  exit
fi
timeout 200 python3 benchmarks/results/logs/gemm_rs_session51/chain_length.py $OUT \
  "512,8192,8192,2;2048,8192,8192,4;256,4096,4096,4" 2>&1 | grep -Ev "$F" | tee $OUT/chain_length.log
