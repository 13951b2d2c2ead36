#!/bin/bash
# Session 75 (repository root, one H200: GPU 0 of the warm x2 lease): ab_tail_more.py, 3 rounds.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
export CUDA_VISIBLE_DEVICES=0
date +%T
timeout 400 python benchmarks/results/logs/session75/ab_tail_more.py $OUT 2>&1 | grep -Ev "$F" \
  | tee $OUT/ab_tail_more.log | grep -E "^r[0-9]|Error|error" | cut -c1-160
date +%T
