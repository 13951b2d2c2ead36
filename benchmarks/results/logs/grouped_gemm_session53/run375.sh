#!/bin/bash
# Session 53, call 3 (one H100): as run374 (the H200 table's config beside our XLA path,
# --update-tuning) on the masked rows run374 did not reach, then the SwiGLU epilogue's rows.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
T="--table_of=NVIDIA H200"
configs masked_rest $((580 - SECONDS)) "$T" --layouts masked \
  --only DS_G4_m256_dn,DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn
configs swiglu $((580 - SECONDS)) "$T" --layouts contiguous,masked --activation swiglu
