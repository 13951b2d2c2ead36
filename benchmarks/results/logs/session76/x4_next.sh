#!/bin/bash
# Ready for the next nvidia-h200-x4 lease (repository root; not run in session 76, about 9
# minutes): GemmRsFusedConfig.tail_segments (n256/s4/in/d/k4) on GPUs for the first time: its
# multi_gpu tests at tp 4, then the A/B of run500-501 at tp 4 with three fused configs (the
# table's n256/s4/in/d, split_tail /t, tail_segments /k4) on the bar rows, M = 2048 (where /t
# lost 9.5% by span) and M = 16384 at K = 29568.
# STEP=2 (about 3 minutes): the same tests at tp 2 (GPUs 0 and 1) instead. STEP=3 (added by the
# review of session 76, about 5 minutes): the table's default n256/s4/in/d at tp 4 (9 shapes) and
# 4 chained-call tests, whose deal became plan.Deal after its last GPU run.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
if [ "${STEP:-1}" = 3 ]; then
  fused_tests tests_default_tp4.log 400 "n256/s4/in/d and not d/t and not d/k4 or seed-f32 or seed-in4d" | tail -13
  date +%T
  exit
fi
if [ "${STEP:-1}" = 2 ]; then
  CUDA_VISIBLE_DEVICES=0,1 fused_tests tests_k4_tp2.log 200 "d/k4 or in4dk" | tail -11
  date +%T
  exit
fi
fused_tests tests_k4_tp4.log 200 "d/k4 or in4dk" | tail -11
date +%T
SHAPES=M8192_N8192_K8192,M8192_N8192_K29568,M2048_N8192_K29568,M16384_N8192_K29568
AB_LIMIT=150
source benchmarks/results/logs/session76/ab.sh
ab 4 n256/s4/in/d,n256/s4/in/d/t,n256/s4/in/d/k4 k4_a
ab 4 n256/s4/in/d/k4,n256/s4/in/d/t,n256/s4/in/d k4_b
date +%T
