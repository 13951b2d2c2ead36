#!/bin/bash
# Needs fp8_promote_experiment_rebased.patch (this folder) applied.
# Session 40, call 11: is it the row-scale vector (ring -> WGMMA row layout -> broadcast) or any
# scale read from the ring: "rowscalar" multiplies the sums by one scalar read from the ring per
# step (wrong by design, unchecked), beside "const" and "rowonly" (run281).
# (As run, each command set the device environment and filtered its logs itself, with greps of
# its own; since session 40's review they call grouped_gemm_session20/ab_run.sh.)
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_PROMOTE
bash $B 200 rowscalar_g1 2 DS_G1_m1024_gu/fp8 table const=$F:const,check:false rowscalar=$F:rowscalar,check:false rowonly=$F:rowonly,check:false
