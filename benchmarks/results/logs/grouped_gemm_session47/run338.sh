#!/bin/bash
# Session 47, call 3: DS_G1_m1024_dn (one group, contiguous) runs the XLA path (a dot with the
# rows past the group zeroed in the lhs: the same two kernels lax.ragged_dot makes, 45.3 vs 45.4
# us). Its Pallas configs were last measured before stream-K and group tiles: 128 x 256 row
# tiles (the table's, 224 units on 132 CTAs), group tiles, stream-K (lanes / tile partials),
# 128 x 128 group tiles with 5 stages, against the XLA path. 3 rounds, call and kernel us.
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $ab 400 ds_g1_dn_run338 3 DS_G1_m1024_dn xla table grp=tiles:groups \
  skl=tiles:groups,stream_k:true,sk_partials:lanes skt=tiles:groups,stream_k:true \
  g128=tiles:groups,block_n:128,num_stages:5 \
  sk128=tiles:groups,block_n:128,num_stages:5,stream_k:true,sk_partials:lanes
