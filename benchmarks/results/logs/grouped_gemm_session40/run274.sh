#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 3: the running sum kept in the wgmma accumulators and rescaled before each
# step (mosaic.FP8_INPLACE) on the table's tiles and on 128 x 256 tiles, against the table, on
# the fp8 rows; ptxas reports kept (spills, C75xx).
# (As run, each command set the device environment and filtered its logs itself, with greps of
# its own; since session 40's review they call grouped_gemm_session20/ab_run.sh.)
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
I=ip=mosaic.FP8_INPLACE:true
V=ip256=block_m:128,block_n:256,split:m,num_stages:3,stream_k:false,tiles:groups,mosaic.FP8_INPLACE:true
PTXAS=1 bash $B 230 ip_small 2 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table $I $V
bash $B 170 ip_ds 1 DS_prefill_G16_M16384_gu/fp8 table $I $V
bash $B 150 ip_gm 1 Gm_prefill_gu/fp8,DS_G16_m64_gu/fp8 table $I $V
