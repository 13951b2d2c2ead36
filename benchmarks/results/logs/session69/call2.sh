#!/bin/bash
# Session 69, call 2 (one H200, repository root, about 5 minutes), on the deal that snakes the
# last round where a masked group has several row tiles (plan.Deal's snake_last; run462).
# A/B, one process, 2 rounds, checked:
# 1. DS_G16_m32_dn/masked around run462's winner (64 x 128 tiles, 6 stages, band 2: 119.7-120.1
#    us against the table's 64 x 256 at 123.5-123.7): bands 1, 4, 8, 7 and 8 stages;
# 2. Gemma's masked decode gate/up around its table config (64 x 128, 5 stages, band 8):
#    6 and 4 stages, band 2, and 64 x 256 (at most 6 tiles of rows a CTA now, mean 5.8);
# 3. stream-K on DS_G16_m64_gu/fp8 (128 x 128 group tiles: 512 units = 3 rounds + 116 on 132
#    CTAs, 56 K steps each), "tile" and "lanes" partials.
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
n=block_n:128
date +%T
bash $ab 200 m32_sweep 2 DS_G16_m32_dn/masked table "s6=$n,num_stages:6" "s6b1=$n,num_stages:6,band:1" \
  "s6b4=$n,num_stages:6,band:4" "s6b8=$n,num_stages:6,band:8" "s7=$n,num_stages:7" "s8=$n,num_stages:8"
date +%T
bash $ab 150 gmgu_sweep 2 Gm_decode_gu/masked table "s6=num_stages:6" "s4=num_stages:4" "b2=band:2" \
  "n256s4=block_n:256,num_stages:4"
date +%T
bash $ab 120 fp8_sk 2 DS_G16_m64_gu/fp8 table "sk=stream_k:true" "skl=stream_k:true,sk_partials:lanes"
date +%T
