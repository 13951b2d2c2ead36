#!/bin/bash
# Needs fp8_promote_experiment_rebased.patch (this folder: session 39's fp8_promote_experiment.patch
# on the current kernel) applied.
# Session 40, call 8: session 39's promotion ablations again, now that ab_configs.py clears JAX's
# caches when a variant's module flags change (session 39's ran the table's kernel for every
# variant): "skip" (no sums: the last step's product only) and "nowait" (the 16-bit K loop on
# the fp8 operands, a wgmma group kept in flight, no scales), both wrong by design, unchecked.
# (As run, each command set the device environment and filtered its logs itself, with greps of
# its own; since session 40's review they call grouped_gemm_session20/ab_run.sh.)
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_PROMOTE
bash $B 200 ablate_g1 2 DS_G1_m1024_gu/fp8 table skip=$F:skip,check:false nowait=$F:nowait,check:false
bash $B 170 ablate_ds 1 DS_prefill_G16_M16384_gu/fp8 table skip=$F:skip,check:false nowait=$F:nowait,check:false
