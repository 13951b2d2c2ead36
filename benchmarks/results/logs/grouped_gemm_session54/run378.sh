#!/bin/bash
# Session 54, call 1 (one GPU): every candidate config on the two contiguous SwiGLU prefill
# rows whose H100 table row carries the H200's config (128 x 256 row tiles), which ran far
# behind the plain gate/up on the H100 (run375: DS_prefill_G16_M16384_gu/swiglu 2219.5 us vs
# 1328.3, DS_prefill_G8_M8192_gu/swiglu 821.0 vs 651.3); --update-tuning.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
configs swiglu_prefill $((580 - SECONDS)) --layouts contiguous --activation swiglu \
  --only DS_prefill_G16_M16384_gu,DS_prefill_G8_M8192_gu
