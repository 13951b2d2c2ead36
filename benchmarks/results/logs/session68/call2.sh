#!/bin/bash
# Session 68, second one-H200 call (`.peers` carried). (1) Stream-K on DS_G1_m1024_dn, which
# run457's g1_sk.sh could not time: its auto row picks the XLA path, so ab_configs' "table"
# variant starts from the default kernel config (row tiles), which stream-K refuses. Here every
# variant spells the kernel table's config (grouped_gemm_pallas.json: 128 x 256 group tiles,
# 4 stages, band 8; 45.8 us there), ± stream-K, 3 rounds, checked. (2) The public op beside the
# peers (lax.ragged_dot, ragged_dot_mgpu, tokamax) on DS_G1_m1024_dn and Gm_prefill_gu, whose
# burst time in run457 (798.5 us, 650.8 TFLOP/s) was under its record (811.0 us, 640.8).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
g=block_m:128,block_n:256,block_k:64,num_stages:4,split:m,band:8,tiles:groups
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 170 g1_dn_sk 3 DS_G1_m1024_dn \
  "t=$g" "sk=$g,stream_k:true" "skl=$g,stream_k:true,sk_partials:lanes" \
  "n128skl=$g,block_n:128,stream_k:true,sk_partials:lanes"
with_peers
timeout 280 python3 -m benchmarks.grouped_gemm --only DS_G1_m1024_dn,Gm_prefill_gu \
  --layouts contiguous --iters 20 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
echo "bench rc ${PIPESTATUS[0]}"
grep -vE "^\s*$" $OUT/bench.log | tail -30
