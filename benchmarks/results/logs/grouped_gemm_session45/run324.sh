#!/bin/bash
# Session 45, call 5: group tiles on the masked decode rows (each group's rows its own tiles, the
# rows past masked_m as zero units after the work, the last work units as column pieces), with
# the contiguous rows' table configs (64 x 128, 6 stages, band 1) and the default 64 x 256.
# Checked, 2 rounds.
A=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
G6=tiles:groups,block_m:64,block_n:128,num_stages:6,band:1,split:n
bash $A 300 mdec_groups 2 DS_G16_m32_dn/masked,Gm_decode_dn/masked,Gm_decode_gu/masked table \
  g6=$G6 g6ex=$G6,lhs_boxes:exact g256=tiles:groups,block_m:64,block_n:256,num_stages:4,split:n,band:1
