#!/bin/bash
# Session 53, call 1 (one H100): every contiguous bf16 candidate config of the grouped GEMM on the
# PEERS.md §3 shapes beside our XLA path, --update-tuning: the H100 table's first rows.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
configs contiguous 570 --layouts contiguous
