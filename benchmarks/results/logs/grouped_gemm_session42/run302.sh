#!/bin/bash
# Session 42, call 10 (experiment, fp8_scale_box_experiment.patch applied): the lhs scales taken
# as the caller gives them, [rows, K/128], where K/128 is a multiple of 4: one TMA box of 8 K
# blocks x the tile's rows per step, the consumer picking its step's column from a WGMMA-layout
# load of its [64, 8] (a select and a row sum), in the step-early read; no XLA transpose
# ("table") vs the transposed scales ("tr", mosaic.FP8_SCALE_BOX:0). Checked, one process.
git apply benchmarks/results/logs/grouped_gemm_session42/fp8_scale_box_experiment.patch || exit 1
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_SCALE_BOX
PTXAS=1 bash $B 200 box_g1 3 DS_G1_m1024_gu/fp8 table tr=$F:0
bash $B 200 box_ds 1 DS_G4_m256_gu/fp8,DS_G16_m64_gu/fp8,DS_prefill_G16_M16384_gu/fp8 table tr=$F:0
git checkout pallas_kernels/grouped_gemm/mosaic.py
