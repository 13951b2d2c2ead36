#!/bin/bash
# Needs fp8_promote_experiment_rebased.patch (this folder: session 39's fp8_promote_experiment.patch
# on the current kernel) applied.
# Session 40, call 10: "const" (the sums times a constant: no scale loads) and "rowonly" (times the
# lhs row scales only: no block-scale loads), both wrong by design, unchecked, against the
# table and "add".
# (As run, each command set the device environment and filtered its logs itself, with greps of
# its own; since session 40's review they call grouped_gemm_session20/ab_run.sh.)
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_PROMOTE
bash $B 200 scales_g1 2 DS_G1_m1024_gu/fp8 table add=$F:add,check:false const=$F:const,check:false rowonly=$F:rowonly,check:false
bash $B 170 scales_ds 1 DS_prefill_G16_M16384_gu/fp8 table add=$F:add,check:false const=$F:const,check:false rowonly=$F:rowonly,check:false
