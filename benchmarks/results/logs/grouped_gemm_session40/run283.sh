#!/bin/bash
# Needs fp8_promote_experiment_rebased.patch (this folder) applied.
# Session 40, call 12: "early": the row scales read from the ring before the step's wgmma is issued (checked),
# against the table (which reads them after the issue, while the wgmma runs).
# (As run, each command set the device environment and filtered its logs itself, with greps of
# its own; since session 40's review they call grouped_gemm_session20/ab_run.sh.)
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_PROMOTE
bash $B 150 early_g1 2 DS_G1_m1024_gu/fp8 table early=$F:early
