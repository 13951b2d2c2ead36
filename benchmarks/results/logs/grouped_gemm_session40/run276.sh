#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 5: run274-275's 128 x 256 in-place builds (two 128-column accumulators) were
# serialized by ptxas (C7514) and ran 1.1-1.8x slower, the 128 x 192 one (three 64-column
# accumulators) seemingly level with the table (it was the table's kernel: run278);
# "p64": 128 x 256 with four 64-column accumulators.
# (As run, each command set the device environment and filtered its logs itself, with greps of
# its own; since session 40's review they call grouped_gemm_session20/ab_run.sh.)
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
T=block_m:128,block_n:256,split:m,num_stages:3,stream_k:false,sk_partials:tile,tiles:groups
PTXAS=1 bash $B 230 p64_small 2 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table p64=$T,mosaic.FP8_INPLACE:p64
bash $B 170 p64_ds 1 DS_prefill_G16_M16384_gu/fp8,Gm_prefill_gu/fp8 table p64=$T,mosaic.FP8_INPLACE:p64
