#!/bin/bash
# Session 67, fourth one-H200 call (`.peers` carried), on the tree with fp8 deferral only for row
# stores (support.deferred_stores). The two fp8 decode rows' table configs (swizzled segment
# stores: not deferred) against row stores, deferred ("rows") and not ("rowsnodefer"), checked,
# 2 rounds; then session67/merge.py's table change from that A/B, and the public op beside
# ragged_dot_mgpu on those rows (benchmarks.grouped_gemm --layouts fp8).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 200 defer_rows 2 \
  DS_G16_m64_gu/fp8,DS_G4_m256_gu/fp8 table rows=segment_stores:rows \
  rowsnodefer=segment_stores:rows,mosaic.FP8_DEFERRED_COLS:0
python3 -m benchmarks.results.logs.session67.merge table $OUT/defer_rows.json
with_peers
timeout 170 python3 -m benchmarks.grouped_gemm --only DS_G16_m64_gu,DS_G4_m256_gu --layouts fp8 \
  --iters 20 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
echo "bench rc ${PIPESTATUS[0]}"
grep -E "fp8" $OUT/bench.log | head -20
