#!/bin/bash
# Session 53, call 5 (one H100): every candidate config (band and lhs_boxes passes included) on
# the rows where the H200 table's config lost to our XLA path on the H100 (run374-375: masked
# DS_G1 / DS_G4 gate/up, 0.88x / 0.90x; with SwiGLU DS_G4 0.99x) and the one where it ran far
# behind the plain gate/up (DS_prefill_G16_M16384_gu/swiglu 2219.5 us vs 1328.3); --update-tuning.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
configs masked_all $((580 - SECONDS)) --layouts masked --only DS_G1_m1024_gu,DS_G4_m256_gu
configs swiglu_all $((580 - SECONDS)) --layouts masked,contiguous --activation swiglu \
  --only DS_G4_m256_gu,DS_prefill_G16_M16384_gu
