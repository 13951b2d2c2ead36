#!/bin/bash
# Session 39, call 4: the fp8 promotion's cost (full / prescale checked, add /
# skip ablations unchecked) on DS_G1_m1024_gu/fp8 and DS_prefill_G16_M16384_gu/fp8.
# Needs fp8_promote_experiment.patch applied. (As run, at e44ca13, this called the session's
# own ab_promote.py, since folded into ab_configs.py's "mosaic.FLAG" and "check:false" keys:
# the same variants, "full" being "table" here.)
# Session 40 found that, as recorded, every variant here with the table's config timed the
# table's kernel (the launch's jit cache is keyed on the config, not on the module flag);
# ab_configs.py now clears JAX's caches when the flags change, so this script measures the
# variant itself (session 40's run279-280 redid the promote ablations; the promote patch needs
# rebasing first: ../grouped_gemm_session40/fp8_promote_experiment_rebased.patch). It calls
# grouped_gemm_session20/ab_run.sh, which sets the device environment and filters the logs.
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
F=mosaic.FP8_PROMOTE
bash $B 150 ab_promote_g1 2 DS_G1_m1024_gu/fp8 table prescale=$F:prescale add=$F:add,check:false skip=$F:skip,check:false
bash $B 200 ab_promote_ds 1 DS_prefill_G16_M16384_gu/fp8 table prescale=$F:prescale add=$F:add,check:false skip=$F:skip,check:false
