#!/bin/bash
# Session 75, third H200 call (repository root, `.peers` carried): chunk_16x1024_p0's table row
# with deal_waves = 4 (run495's A/B). Its GPU test through the public op (the rule's pick, against
# the float32 reference), then the row beside the peers, page sizes 16 and 1, for the records.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
GPU_TESTS_K="peers_shapes and chunk_16x1024_p0" bash benchmarks/gpu_tests.sh 150 1
grep -E "PASSED|FAILED|passed|failed" $OUT/gpu_suite.log | tail -3
date +%T
with_peers
timeout 200 python3 -m benchmarks.extend_attention --shapes seed --only chunk_16x1024_p0 \
  --iters 20 --out $OUT/attn 2>&1 | grep -Ev "$F" > $OUT/attn.log
echo "bench rc ${PIPESTATUS[0]}"
grep -E "^\| " $OUT/attn.log
cp $OUT/attn/*/extend_attention.json $OUT/attn.json 2>/dev/null; rm -rf $OUT/attn
date +%T
