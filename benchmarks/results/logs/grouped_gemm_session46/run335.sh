#!/bin/bash
# Session 46, call 8: Gemma prefill bf16 configs on the current kernel (the table's rows were
# measured in session 38, before sessions 43-45's lhs loads): down projection (646 TFLOP/s vs
# the 650 bar in run308), 2 rounds.
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 560 gm_dn_run335 2 \
  Gm_prefill_dn table b1=band:1 b4=band:4 exact=lhs_boxes:exact n128s5=block_n:128,num_stages:5 \
  n128s6=block_n:128,num_stages:6 n192=block_n:192 m256=block_m:256,block_n:128
