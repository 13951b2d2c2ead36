#!/bin/bash
# Session 71, call 2 (one H200, repository root, about 4 minutes).
# 1. meta_forms.py: the contiguous group tiles' metadata as the committed two XLA kernels
#    against one variadic reduction (bounds + an upper bound on the running tile counts).
# 2. The three masked decode rows that lead cuBLAS batched by about 1% in their records
#    (DS_G16_m64_gu, DS_G16_m32_dn, Gm_decode_dn), one benchmark run beside it.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
timeout 150 python3 -m benchmarks.results.logs.session71.meta_forms 2>&1 | grep -Ev "$F" | tee $OUT/meta_forms.log
date +%T
timeout 240 python3 -m benchmarks.grouped_gemm --only DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_dn \
  --layouts masked --iters 20 --out $OUT/masked 2>&1 | grep -Ev "$F" > $OUT/masked.log
echo "masked rc ${PIPESTATUS[0]}"
grep -E "^\| (DS_G16|Gm_decode)" $OUT/masked.log
date +%T
