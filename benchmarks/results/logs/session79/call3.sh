#!/bin/bash
# Session 79, call 3 (one H200, repository root, `.peers` carried, about 4 minutes).
# Gemma's fp8 gate/up now runs band 1 (table row Gm_prefill_gu/fp8/nk, from call 2's A/B,
# run516): 1. the public op beside the peers (its record in grouped_gemm.json is session 46's,
# on band 8); 2. the A/B again in a second process, band 1 (the table's now) against band 8.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
with_peers
timeout 170 python3 -m benchmarks.grouped_gemm --novariants --iters 20 --out $OUT/fp8 \
  --only Gm_prefill_gu --layouts fp8 2>&1 | grep -Ev "$F" > $OUT/fp8.log
echo "fp8 rc ${PIPESTATUS[0]}"
grep -E "^\| (DS|Gm)" $OUT/fp8.log
cp $OUT/fp8/*/grouped_gemm.json $OUT/fp8.json 2>/dev/null; rm -rf $OUT/fp8
date +%T
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 150 fp8_gm_again 2 \
  Gm_prefill_gu/fp8 table "b8=band:8"
date +%T
