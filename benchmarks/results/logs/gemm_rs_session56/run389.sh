#!/usr/bin/env bash
# Session 56 (issue 5), asked for nvidia-h200-x2. On 2 H200s (none lent to this kernel since
# session 12): session 50's run358.sh at tp 2 (the fused kernel's multi_gpu tests on the visible
# pair, then the bar shapes unfused beside both fused forms, the H200 table's rows replaced).
# On anything else: print the GPUs and stop (the H100 x2 rows are session 51's, on this kernel).
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "$gpu"
[[ "$gpu" == *H200* ]] || exit 0
TP=2 TLIMIT=220 LIMIT=340 bash benchmarks/results/logs/gemm_rs_session50/run358.sh
