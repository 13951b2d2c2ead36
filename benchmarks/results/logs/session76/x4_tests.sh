#!/bin/bash
# Session 76, on nvidia-h200-x4 (repository root): GemmRsFusedConfig.split_tail (the units past
# the last whole wave cut along K; with fewer units than CTAs, split K) on GPUs for the first
# time: its multi_gpu tests at tp 4 (all four GPUs), then at tp 2 (GPUs 0 and 1).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
date +%T
fused_tests tests_tp4.log 270 "d/t or in4dt" | tail -12
date +%T
CUDA_VISIBLE_DEVICES=0,1 fused_tests tests_tp2.log 230 "d/t or in4dt" | tail -12
date +%T
