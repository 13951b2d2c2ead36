#!/bin/bash
# Session 53, call 4 (one H100): as run374 (the H200 table's config beside our XLA path,
# --update-tuning) on the fp8 rows, K-major weights first (how fp8 serving stores them).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
T="--table_of=NVIDIA H200"
configs fp8_nk $((580 - SECONDS)) "$T" --layouts contiguous,masked --fp8 --rhs_layout nk
configs fp8_kn $((580 - SECONDS)) "$T" --layouts contiguous,masked --fp8
