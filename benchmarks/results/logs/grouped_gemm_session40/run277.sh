#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 6: which of run274-276's differences makes the in-place fp8 sum slow and less
# accurate at 128 x 256: the table's tiles with the in-place sum at 3 stages (s3), and 128 x 128
# tiles (one 128-column accumulator per consumer) with and without it.
# (As run, each command set the device environment and filtered its logs itself, with greps of
# its own; since session 40's review they call grouped_gemm_session20/ab_run.sh.)
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
PTXAS=1 bash $B 280 iso 1 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table ip=mosaic.FP8_INPLACE:true ip_s3=num_stages:3,mosaic.FP8_INPLACE:true t128=block_n:128 ip128=block_n:128,mosaic.FP8_INPLACE:true
