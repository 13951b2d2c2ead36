#!/bin/bash
# Session 42, call 3: run294 again after the fix of the first step's scales (run294's build
# waited for the first fill once per column piece: 192-column consumers, three pieces, hung).
# fp8 scales read a step ahead (mosaic.FP8_SCALES_AHEAD, this build's default, "table")
# against the scales read in the step ("old"), checked, one process per line.
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_SCALES_AHEAD
bash $B 150 ahead_g1 3 DS_G1_m1024_gu/fp8 table old=$F:false
bash $B 150 ahead_g4 2 DS_G4_m256_gu/fp8,DS_G16_m64_gu/fp8 table old=$F:false
bash $B 200 ahead_ds 1 DS_prefill_G16_M16384_gu/fp8,Gm_prefill_gu/fp8 table old=$F:false
