#!/bin/bash
# Session 44, call 3: 256-row tiles (two 128 x 128 consumers, 3 stages: 4 do not fit) on Gemma
# prefill. Not tensor-bound (run313: the last column tile's idle half cost nothing), so fewer
# operand bytes per FLOP may pay for the coarser ragged ends (lhs boxes load only the rows used).
# PTXAS=1, checked, one process each, 2 rounds.
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 300 m256_gmgu 2 \
  Gm_prefill_gu table m256=block_m:256,num_stages:3 m256b2=block_m:256,num_stages:3,band:2
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 250 m256_gmdn 2 \
  Gm_prefill_dn table m256=block_m:256,block_n:128,num_stages:3
