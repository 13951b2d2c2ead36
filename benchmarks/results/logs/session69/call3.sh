#!/bin/bash
# Session 69, call 3 (one H200, repository root, `.peers` carried, about 6 minutes): the
# public op beside its peers where the table changed.
# 1. session 68's h200_next.sh: DS_G1_m1024_dn (the rule picks the kernel since session 68's
#    run461), 3 benchmark runs with lax.ragged_dot, ragged_dot_mgpu and tokamax;
# 2. the two masked decode rows whose table rows session 69 changed on the deal that snakes the
#    last round (DS_G16_m32_dn/masked: 64 x 128 tiles, 6 stages; Gm_decode_gu/masked: band 2),
#    beside cuBLAS batched, 2 benchmark runs.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
bash benchmarks/results/logs/session68/h200_next.sh
date +%T
for i in 1 2; do
  timeout 120 python3 -m benchmarks.grouped_gemm --only DS_G16_m32_dn,Gm_decode_gu --layouts masked \
    --iters 20 --out $OUT/masked$i 2>&1 | grep -Ev "$F" > $OUT/masked$i.log
  echo "masked$i rc ${PIPESTATUS[0]}"
  grep -E "^\| (DS_G16_m32|Gm_decode)" $OUT/masked$i.log
done
date +%T
