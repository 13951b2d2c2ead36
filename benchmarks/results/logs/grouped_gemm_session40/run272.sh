#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 1: fp8 128 x 256 tiles (64 x 256 consumers taking a step's product 128 columns
# at a time, `FP8_PRODUCT_COLS`) against the table's configs on the fp8 rows, one process per
# row group; ptxas reports kept for spills and C75xx (wgmma serialization).
# (As run, each command set the device environment and filtered its logs itself, with greps of
# its own; since session 40's review they call grouped_gemm_session20/ab_run.sh.)
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
V=n256=block_m:128,block_n:256,split:m,num_stages:3,stream_k:false,tiles:groups
PTXAS=1 bash $B 220 fp8_small 2 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table $V
bash $B 160 fp8_ds 1 DS_prefill_G16_M16384_gu/fp8 table $V
bash $B 160 fp8_gm 1 Gm_prefill_gu/fp8,DS_G16_m64_gu/fp8 table $V
