#!/bin/bash
# Session 58, one H100: ab_zero_rows.py again with the XLA path that skips its zeroing pass under
# invalid_rows="unwritten" ("unwritten" should now time as "none").
source benchmarks/results/logs/gemm_rs_session51/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 200 python3 benchmarks/results/logs/grouped_gemm_session58/ab_zero_rows.py \
  DS_G1_m1024_gu,DS_G4_m256_gu 2>&1 | grep -Ev "$F" | tee $OUT/ab_zero_rows.log | cut -c1-250
echo "elapsed $SECONDS s"
