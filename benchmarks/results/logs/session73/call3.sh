#!/bin/bash
# Session 73, call 3 (one H200, repository root, `.peers` carried, about 8 minutes).
# The public op beside the peers on rows whose records predate the current kernel code: the
# DeepSeek bf16 prefill rows (records from run146, sessions ago; bar 730 TFLOP/s, records
# 736-747), the 16-bit row-store decode rows on exact starts (Gm_decode_dn: run451;
# DS_G16_m32_dn: run447; session 71 timed only their kernels), and DeepSeek's fp8 prefill
# (bar 1100 TFLOP/s). The benchmark writes its JSON after every shape, so a cut keeps the rest.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
with_peers
bench() {   # bench NAME LIMIT ARGS...: $OUT/NAME.log, $OUT/NAME.json
  local name=$1 limit=$2; shift 2
  timeout $limit python3 -m benchmarks.grouped_gemm --novariants --iters 20 --out $OUT/$name "$@" 2>&1 \
    | grep -Ev "$F" > $OUT/$name.log
  echo "$name rc ${PIPESTATUS[0]}"
  grep -E "^\| (DS|Gm)" $OUT/$name.log
  cp $OUT/$name/*/grouped_gemm.json $OUT/$name.json 2>/dev/null; rm -rf $OUT/$name
  date +%T
}
bench decode 150 --only Gm_decode_dn,DS_G16_m32_dn --layouts contiguous
bench prefill 260 --only DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn --layouts contiguous
bench fp8 100 --only DS_prefill_G16_M16384_gu --layouts fp8
