#!/bin/bash
# Session 77, on nvidia-h200-x2 (repository root): the fused GEMM + RS kernel at tp 2 after the
# review of session 76 changed its deal code (plan.Deal for whole units, StreamDeal, SegmentDeal;
# not run on a GPU since): 1. the table's default n256/s4/in/d on every swept shape, the
# partial-tile f32 case and two chained-call tests; 2. tail_segments (/k4, never run on a GPU)
# tests; 3. if time is left, unfused beside d / t / k4 on the two bar shapes at tp 2.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
date +%T
fused_tests tests_default_tp2.log 270 \
  "n256/s4/in/d and not d/t and not d/k4 or seed-f32 or seed-in4d or 1056x4032x4160-n256/s3/f32" | tail -14
date +%T
fused_tests tests_k4_tp2.log 200 "d/k4 or in4dk" | tail -11
date +%T
if [ $SECONDS -lt 430 ]; then
  SHAPES=M8192_N8192_K8192,M8192_N8192_K29568
  AB_LIMIT=$((560 - SECONDS))
  source benchmarks/results/logs/session76/ab.sh
  ab 2 n256/s4/in/d,n256/s4/in/d/t,n256/s4/in/d/k4 tp2_k4_a
fi
date +%T
