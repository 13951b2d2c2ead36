#!/bin/bash
# Written in session 66, not yet run: one H200 (repository root), about a minute.
# stream_fp8.py: the fp8 decode row's weights (DS_G16_m64_gu/fp8, K-major) through the grouped
# GEMM producer's TMA ring with nothing computed, by box, ring depth, deal order, CTAs per SM.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
timeout 200 python3 -m benchmarks.results.logs.session66.stream_fp8 $OUT/stream_fp8.json 2>&1 \
  | grep -Ev "$F" | tee $OUT/stream_fp8.log
