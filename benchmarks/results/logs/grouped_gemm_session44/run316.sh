#!/bin/bash
# Session 44, call 5: 16-bit K steps of 128 (block_k 128: two 64-column swizzle tiles a step,
# half the producer's copies and barrier arrivals per FLOP; allowed for 16-bit operands by an
# experiment patch of support.py) on Gemma prefill, against the table's 64. run315 put the
# producer's per-step work on these rows' critical path (four more barrier ops a step: +5%).
# PTXAS=1, checked, one process each, 2 rounds.
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 280 k128_gmgu 2 \
  Gm_prefill_gu table k128=block_k:128,num_stages:3
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 280 k128_gmdn 2 \
  Gm_prefill_dn table k128=block_k:128,block_n:128,num_stages:3 \
  k128n256=block_k:128,num_stages:2
