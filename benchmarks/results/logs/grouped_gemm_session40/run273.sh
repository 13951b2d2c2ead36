#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 2: why run272's 128 x 256 fp8 tiles ran 1.6-1.7x slower: ptxas report of the
# n256 build alone (C7515: serialized wgmma?), and DS_G1's failure note.
# (As run, each command set the device environment and filtered its logs itself, with greps of
# its own; since session 40's review they call grouped_gemm_session20/ab_run.sh.)
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
V=n256=block_m:128,block_n:256,split:m,num_stages:3,stream_k:false,tiles:groups
PTXAS=1 bash $B 200 n256 1 DS_G4_m256_gu/fp8,DS_G1_m1024_gu/fp8 $V
