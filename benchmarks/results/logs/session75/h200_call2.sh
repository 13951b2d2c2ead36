#!/bin/bash
# Session 75, second H200 call (repository root, `.peers` carried): plan.DEAL_WAVES = 2 with
# plan.deal_waves (two waves only where the deal's costs are exact). The extend attention GPU tests
# (every persistent config among them; GPU_TESTS_K), then the two prefix-free chunk rows the H200
# runs persistent beside the peers (chunk_16x1024_p0's deal changed; chunk_32x512_p0's did not:
# deal_scope.log), page sizes 16 and 1, for the records.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
GPU_TESTS_K=extend_attention bash benchmarks/gpu_tests.sh 300 5
tail -3 $OUT/gpu_suite.log
date +%T
with_peers
timeout 240 python3 -m benchmarks.extend_attention --shapes seed \
  --only chunk_16x1024_p0,chunk_32x512_p0 --iters 20 --out $OUT/attn 2>&1 | grep -Ev "$F" > $OUT/attn.log
echo "bench rc ${PIPESTATUS[0]}"
grep -E "^\| " $OUT/attn.log
cp $OUT/attn/*/extend_attention.json $OUT/attn.json 2>/dev/null; rm -rf $OUT/attn
date +%T
