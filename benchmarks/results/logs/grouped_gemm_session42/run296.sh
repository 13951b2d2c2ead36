#!/bin/bash
# Session 42, call 4: where the next step's scale read goes. "table": this build's default,
# mosaic.FP8_SCALES_AHEAD="before_promote" (after a step's wgmma is awaited: wait for the next
# fill, read its row scales, then add this step's product); "after": the product added first,
# then the wait and the read; "old": the scales read in the step (the kernel before session 42).
# Checked, one process per line.
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_SCALES_AHEAD
V="table after=$F:after_promote old=$F:false"
bash $B 170 order_g1 3 DS_G1_m1024_gu/fp8 $V
bash $B 200 order_g16 2 DS_G16_m64_gu/fp8,DS_G16_m64_gu/masked/fp8,DS_G4_m256_gu/fp8 $V
bash $B 200 order_ds 1 DS_prefill_G16_M16384_gu/fp8 $V
