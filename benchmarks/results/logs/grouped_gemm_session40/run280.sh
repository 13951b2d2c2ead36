#!/bin/bash
# Needs fp8_promote_experiment_rebased.patch (this folder: session 39's fp8_promote_experiment.patch
# on the current kernel) applied.
# Session 40, call 9: what of the promotion costs: "add" (the sums without scales, wrong by design,
# unchecked: the same waits, no multiplies) and "prescale" (the scale products formed before the
# wgmma is awaited; checked) against the table.
# (As run, each command set the device environment and filtered its logs itself, with greps of
# its own; since session 40's review they call grouped_gemm_session20/ab_run.sh.)
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_PROMOTE
bash $B 200 parts_g1 2 DS_G1_m1024_gu/fp8 table add=$F:add,check:false prescale=$F:prescale
bash $B 170 parts_ds 1 DS_prefill_G16_M16384_gu/fp8 table add=$F:add,check:false prescale=$F:prescale
