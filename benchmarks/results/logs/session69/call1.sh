#!/bin/bash
# Session 69, call 1 (one H200, repository root, at most ~8 minutes).
# Deal's snake now reverses a last, partial round when it is odd (plan.SNAKE_LAST_ROUND).
# Masked row tiles of 64 rows over M_max = 128 alternate a group's tile of rows and its tile
# past masked_m; on Gm_decode_gu/masked (2816 units: 21 whole rounds and 44 more on 132 CTAs)
# the 44 went to CTAs 0..43, so CTAs 0, 2, ..., 42 ran 12 tiles of rows where the mean is 10.7
# (now at most 11). A/B, one process, 2 rounds, checked:
# 1. the new deal ("table") against the old ("old=plan.SNAKE_LAST_ROUND:false") on the masked
#    row-tile table rows whose last round is odd and partial;
# 2. configs that the old deal left unbalanced and that lost to the table's: DS_G16_m32_dn/
#    masked on 64 x 128 tiles (1792 units, 13 rounds + 76: at most 8 tiles of rows a CTA, 7
#    now, mean 6.8), Gm_decode_dn/masked on 64 x 256 (12 -> 11, mean 10.7).
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
date +%T
bash $ab 240 snake_last 2 Gm_decode_gu/masked,DS_G16_m64_gu/masked/fp8,Gm_decode_gu/masked/swiglu,DS_G16_m64_gu/masked \
  table "old=plan.SNAKE_LAST_ROUND:false"
date +%T
bash $ab 150 m32_n128 2 DS_G16_m32_dn/masked table "n128s5=block_n:128,num_stages:5" \
  "n128s6=block_n:128,num_stages:6" "n128s6old=block_n:128,num_stages:6,plan.SNAKE_LAST_ROUND:false"
date +%T
bash $ab 120 gmdn_n256 2 Gm_decode_dn/masked table "n256s4=block_n:256,num_stages:4" \
  "n256s4old=block_n:256,num_stages:4,plan.SNAKE_LAST_ROUND:false"
date +%T
