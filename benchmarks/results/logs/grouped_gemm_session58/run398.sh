#!/bin/bash
# Session 58, one H100: ab_zero_rows.py on the masked decode shapes (no peers needed).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 480 python3 benchmarks/results/logs/grouped_gemm_session58/ab_zero_rows.py \
  DS_G1_m1024_gu,DS_G4_m256_gu,DS_G16_m64_gu,DS_G1_m1024_dn,DS_G4_m256_dn,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn \
  2>&1 | grep -Ev "$F" | tee $OUT/ab_zero_rows.log | cut -c1-250
echo "elapsed $SECONDS s"
