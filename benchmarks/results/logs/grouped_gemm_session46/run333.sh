#!/bin/bash
# Session 46, call 6: the fp8 prefill rows at 128 x 128 tiles (run329's t128 ran
# Gm_prefill_gu/fp8 1.1% under its table's 128 x 192), 4 and 5 stages, 2 rounds.
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 540 fp8_128_run333 2 \
  Gm_prefill_gu/fp8,DS_prefill_G16_M16384_gu/fp8 \
  table t128s4=block_n:128,num_stages:4 t128s5=block_n:128,num_stages:5
