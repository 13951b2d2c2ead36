#!/bin/bash
# Session 78, on nvidia-h200-x2 (repository root): the fused GEMM + RS kernel with 2-CTA
# clusters sharing b's box by TMA multicast (GemmRsFusedConfig.cluster = 2, "/c2"; on-chip, not
# NVLink multicast), never run on a GPU before.
# STEP=1: one /c2 test first (a deadlock, were 66 clusters of 2 not all resident at once, would
#   hit its time limit), then the /c2 multi_gpu tests at tp 2, then unfused beside d, d/c2, t,
#   t/c2 on 8192^3 (two rounds, the fused configs reversed in the second).
# STEP=2: K = 29568 at tp 2, unfused beside d, d/c2, k4, k4/c2, t/c2, two rounds.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
if [ "${STEP:-1}" = 1 ]; then
  fused_tests smoke_c2.log 150 "1024x4096x4096-n256/s4/in/d/c2" | tail -3
  date +%T
  grep -q "1 passed" $OUT/smoke_c2.log || exit 1
  fused_tests tests_c2_tp2.log 280 "c2 or in4dc or in4dtc" | tail -30
  date +%T
  SHAPES=M8192_N8192_K8192 AB_LIMIT=$((580 - SECONDS)) AB_FLAGS="--rounds 2"
  source benchmarks/results/logs/session76/ab.sh
  ab 2 n256/s4/in/d,n256/s4/in/d/c2,n256/s4/in/d/t,n256/s4/in/d/t/c2 c2_8192
else
  SHAPES=M8192_N8192_K29568 AB_LIMIT=${AB_LIMIT:-570} AB_FLAGS="--rounds 2"
  source benchmarks/results/logs/session76/ab.sh
  ab 2 n256/s4/in/d,n256/s4/in/d/c2,n256/s4/in/d/k4,n256/s4/in/d/k4/c2,n256/s4/in/d/t/c2 c2_29568
fi
date +%T
