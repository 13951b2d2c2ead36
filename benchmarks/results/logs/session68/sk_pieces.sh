#!/bin/bash
# Written in session 68, not yet run: one H200 (repository root), about 8 minutes. Where does
# stream-K's time go on the one-group DeepSeek gate/up? Stream-K cuts the units left after the
# whole rounds into ranges of at least plan.MIN_STREAM_STEPS (28) K steps, one per CTA. On the
# contiguous row (1112 rows: 144 units of 128 x 256 on 132 CTAs, 112 K steps each) that puts the
# 12 leftover units on 48 CTAs, a quarter unit each, yet run457 had 127.7-128.9 us against
# 133.6-134.1 without stream-K. Here ranges of at least 14, 28, 56 and 112 steps (112: no unit is
# cut, the stream-K deal with no exchange), 2 rounds, checked, beside the rule's XLA pick; then
# the masked row, whose table config is stream-K.
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
g=block_m:128,block_n:256,block_k:64,num_stages:4,split:m,band:8,tiles:groups
sk=$g,stream_k:true,sk_partials:lanes
bash $ab 280 sk_pieces_gu 2 DS_G1_m1024_gu xla "g=$g" "s28=$sk" "s14=$sk,plan.MIN_STREAM_STEPS:14" \
  "s56=$sk,plan.MIN_STREAM_STEPS:56" "s112=$sk,plan.MIN_STREAM_STEPS:112"
bash $ab 200 sk_pieces_masked 2 DS_G1_m1024_gu/masked table "nosk=$g" \
  "s56=$sk,plan.MIN_STREAM_STEPS:56" "s112=$sk,plan.MIN_STREAM_STEPS:112"
