#!/bin/bash
# Session 43, call 4: group-tile lhs boxes (mosaic.GROUP_BOXES) on Gemma's prefill down
# projection and fp8 gate/up (table = on vs old = off), and Gemma prefill gate/up's configs
# with the boxes on (table: 128 x 128, 5 stages, band 1). Checked, one process each, 2 rounds.
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 150 boxes_gmdn 2 \
  Gm_prefill_dn table old=mosaic.GROUP_BOXES:false
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 150 boxes_gmf8 2 \
  Gm_prefill_gu/fp8 table old=mosaic.GROUP_BOXES:false
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 270 cfg_gmgu 2 \
  Gm_prefill_gu table s6=num_stages:6 n192=block_n:192,num_stages:4 \
  n256=block_n:256,num_stages:4
