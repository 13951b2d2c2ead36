#!/bin/bash
# Session 41, call 2: run284's "gmem" loaded the next step's row scales at the step's start,
# before its wgmma: 64 -> 82 us on DS_G1 (the wgmma's issue waits for the load?). Here the next
# step's scales load after the wgmma's issue: "gmem" the row scales only (block scales still at
# the step's start), "gmem_late" both, "ring_late" the table kernel with its block scales late.
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_ROW_SCALES
PTXAS=1 bash $B 200 late_small 3 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table gmem=$F:gmem gmem_late=$F:gmem_late ring_late=$F:ring_late
bash $B 200 late_big 1 DS_prefill_G16_M16384_gu/fp8,DS_G16_m64_gu/fp8 table gmem=$F:gmem gmem_late=$F:gmem_late ring_late=$F:ring_late
