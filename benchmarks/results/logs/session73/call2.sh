#!/bin/bash
# Session 73, call 2 (one H200, repository root, `.peers` carried, about 9 minutes).
# 1. Gemma prefill on 256-row tiles (each consumer 128 rows: twice the MMA work per byte of
#    shared memory each consumer reads, half the units), never timed with the Pallas kernel:
#    run482 ran the public op on Gm_prefill_gu at 810.3 us (641 TFLOP/s; the bar is 800 us).
#    ab_run.sh (one process, variants interleaved, checked), 2 rounds; PTXAS=1 keeps the
#    builds' spill lines. All variants export under jax 0.10.2 and 0.11.2 on CPU (AB_LOWER).
# 2. The extend attention GPU tests under the H200's jax 0.11.2 after session 71's `q_lo * 0`
#    (jax 0.11 refused 4 configs' builds on CPU with `zeros_like`; not run on a GPU since).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
date +%T
PTXAS=1 bash $ab 320 m256_gu 2 Gm_prefill_gu table "m256s4=block_m:256,num_stages:4" \
  "m256s3=block_m:256,num_stages:3" "m256s4b2=block_m:256,num_stages:4,band:2"
date +%T
GPU_TESTS_K="extend_attention" bash benchmarks/gpu_tests.sh 230 6
tail -3 $OUT/gpu_suite.log
date +%T
