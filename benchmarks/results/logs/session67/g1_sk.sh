#!/bin/bash
# Written in session 67, not yet run: one H200 (repository root), about 4 minutes. Issue 4's
# DS_G1_m1024_dn is level with lax.ragged_dot (our XLA path 45.6 us, the kernel's table config,
# 128 x 256 group tiles, 45.8 in session 63's run430); no stream-K candidate was timed there:
# 224 units on 132 CTAs leave the second round 70% full. Stream-K (tile and lanes partials)
# against the table config and the XLA path, 3 rounds, checked. Then the same on DS_G1_m1024_gu
# (bf16, contiguous: the XLA path 88.7 us in the records; the kernel's table row is row tiles
# 64 x 256, 128.9, measured before one contiguous group could take group tiles): 128 x 256 group
# tiles, with and without stream-K. Every candidate lowers under jax 0.10.2 and 0.11.2 on CPU.
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $ab 150 g1_dn_sk 3 DS_G1_m1024_dn table xla sk=stream_k:true \
  skl=stream_k:true,sk_partials:lanes
g=block_m:128,split:m,tiles:groups
bash $ab 200 g1_gu_sk 3 DS_G1_m1024_gu xla "g=$g" "gsk=$g,stream_k:true" \
  "gskl=$g,stream_k:true,sk_partials:lanes"
