#!/bin/bash
# Session 42, call 2: fp8 scales read a step ahead (mosaic.FP8_SCALES_AHEAD, the kernel's
# default in this build) against the earlier step ("old": scales read in the step), checked,
# one process; the builds' PTX/SASS dumped (SASS=1) on the first row.
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_SCALES_AHEAD
SASS=1 bash $B 200 ahead_g1 2 DS_G1_m1024_gu/fp8 table old=$F:false
bash $B 200 ahead_g4 2 DS_G4_m256_gu/fp8,DS_G16_m64_gu/fp8 table old=$F:false
bash $B 150 ahead_ds 1 DS_prefill_G16_M16384_gu/fp8 table old=$F:false
