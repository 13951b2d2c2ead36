#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 4: run274's ip256 build got ptxas C7514 (wgmmas serialized: accumulator
# registers read inside a wgmma pipeline stage); "barrier" puts every piece's rescaled sum
# behind one optimization barrier before the step's wgmmas issue. 128 x 256 tiles, both forms.
# (As run, each command set the device environment and filtered its logs itself, with greps of
# its own; since session 40's review they call grouped_gemm_session20/ab_run.sh.)
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
T=block_m:128,block_n:256,split:m,num_stages:3,stream_k:false,sk_partials:tile,tiles:groups
PTXAS=1 bash $B 230 ipb_small 2 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table ip256=$T,mosaic.FP8_INPLACE:true ipb256=$T,mosaic.FP8_INPLACE:barrier
bash $B 170 ipb_ds 1 DS_prefill_G16_M16384_gu/fp8 table ipb256=$T,mosaic.FP8_INPLACE:barrier
