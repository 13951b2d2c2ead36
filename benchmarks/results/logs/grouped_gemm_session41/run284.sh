#!/bin/bash
# Session 41, call 1: the lhs row scales loaded by the consumers from global memory a step ahead
# (mosaic.FP8_ROW_SCALES="gmem": no scale ring, no third TMA per step) against the table's
# kernel (the producer's ring in shared memory), checked.
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_ROW_SCALES
PTXAS=1 bash $B 150 gmem_small 3 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table gmem=$F:gmem
bash $B 200 gmem_big 2 DS_prefill_G16_M16384_gu/fp8,Gm_prefill_gu/fp8,DS_G16_m64_gu/fp8 table gmem=$F:gmem
