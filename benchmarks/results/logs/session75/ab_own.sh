#!/bin/bash
# Session 75 (repository root, one H200): ab_own.py, 3 rounds.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
export CUDA_VISIBLE_DEVICES=0
date +%T
timeout 200 python benchmarks/results/logs/session75/ab_own.py $OUT 2>&1 | grep -Ev "$F" \
  | tee $OUT/ab_own.log | grep -E "^r[0-9]|Error|error" | cut -c1-160
date +%T
