#!/bin/bash
# Session 71, call 1 (one H200, repository root, about 5 minutes). run472 (session 70's
# stream_swap.py) had the streaming probe of DS_G16_m64_gu/fp8's weights at 104.3 us alone,
# 112.7 with a 128-row lhs box every K step and 107.2 with a 64-row one. The table's config
# loads each group tile's lhs rows as one power-of-two box (groups of 65-83 rows: 128 rows);
# lhs_boxes="exact" loads exactly the group's 8-row tiles (64 + 16 for 80 rows), which session
# 44 measured faster on the bf16 row and nobody has timed on the fp8 one. A/B, one process,
# 3 rounds, checked.
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
date +%T
bash $ab 400 fp8_exact 3 DS_G16_m64_gu/fp8 table "ex=lhs_boxes:exact" \
  "ex6=lhs_boxes:exact,num_stages:6" "ex4=lhs_boxes:exact,num_stages:4" "exb1=lhs_boxes:exact,band:1" \
  "exb2=lhs_boxes:exact,band:2"
date +%T
