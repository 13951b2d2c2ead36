#!/bin/bash
# Session 72, call 1 (one H200, repository root, `.peers` carried, about 7 minutes).
# 1. The public op beside the peers (lax.ragged_dot where the benchmark runs it,
#    ragged_dot_mgpu, tokamax) on Gemma's prefill rows, now that 16-bit row-store group tiles
#    start at their segment's first row (session 71: Gm_prefill_gu's kernel 830.2-830.7 us
#    against 834.2-835.3 with the old starts, one A/B; its record is 811.0 us, the bar 800).
# 2. session71/h200_next.sh's step 2: Gm_prefill_dn with row stores (exact starts) against its
#    table config (swizzled stores) and row stores at the old starts, 3 rounds, checked.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
nvidia-smi --query-gpu=clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader
date +%T
with_peers
timeout 220 python3 -m benchmarks.grouped_gemm --only Gm_prefill_gu,Gm_prefill_dn \
  --layouts contiguous --iters 20 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
echo "bench rc ${PIPESTATUS[0]}"
grep -vE "^\s*$" $OUT/bench.log | tail -30
cp $OUT/bench/*/grouped_gemm.json $OUT/bench.json 2>/dev/null; rm -rf $OUT/bench
date +%T
STEPS=2 bash benchmarks/results/logs/session71/h200_next.sh
