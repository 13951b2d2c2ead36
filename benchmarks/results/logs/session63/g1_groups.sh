#!/bin/bash
# Session 63, one H200 (repository root). Issue 4's DS_G1_m1024_dn is level with lax.ragged_dot
# (45.3 vs 45.4 us): the table's kernel (128 x 256 row tiles, 49.4 us in session 15) loses to the
# XLA path there, and on DS_G1_m1024_gu (64 x 256 row tiles 128.9 vs XLA 92.0). The rule never
# offers one contiguous group tile configs (`pallas_candidates`: num_groups > 1), though their
# features (deferred stores, stream-K for the units left after the whole rounds) took the masked
# DS_G1 rows past cuBLAS batched. Here: the table, the XLA path and 128 x 256 group tiles, plain
# and with stream-K (both partial layouts), one process, interleaved, 2 rounds.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
G="block_m:128,block_n:256,split:m,num_stages:4,band:8,tiles:groups"
bash $ab 280 g1_dn 2 DS_G1_m1024_dn,DS_G1_m1024_gu table xla "g=$G" \
  "sk=$G,stream_k:true" "skl=$G,stream_k:true,sk_partials:lanes" \
  "sk128=block_m:128,block_n:128,split:m,num_stages:5,band:8,tiles:groups,stream_k:true"
# The masked decode down row that trails cuBLAS batched (0.98x): its 64 x 256 row tiles at 5
# stages, which fit since session 62 (one epilogue buffer per consumer; run264 had found 5 over
# the limit), 3 rounds.
bash $ab 150 m32_s5 3 DS_G16_m32_dn/masked table s5=num_stages:5
