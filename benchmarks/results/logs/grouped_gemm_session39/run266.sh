#!/bin/bash
# Session 39, call 1: fp8 piecewise promotion (mosaic.FP8_CHUNKED) against the whole-accumulator
# promotion on the fp8 rows, one process per row group, 2 rounds; ptxas reports kept for C7515
# (wgmma serialization) and spills. Needs fp8_chunked_experiment.patch applied. (As run, at
# e44ca13, this called the session's own ab_chunked.py, since folded into ab_configs.py's
# "mosaic.FLAG" keys: the same variants.)
# Session 40 found that, as recorded, every variant here with the table's config timed the
# table's kernel (the launch's jit cache is keyed on the config, not on the module flag);
# ab_configs.py now clears JAX's caches when the flags change, so this script measures the
# variant itself (session 40's run279-280 redid the promote ablations; the promote patch needs
# rebasing first: ../grouped_gemm_session40/fp8_promote_experiment_rebased.patch). It calls
# grouped_gemm_session20/ab_run.sh, which sets the device environment and filters the logs.
B=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
PTXAS=1 bash $B 200 fp8_small 2 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table chunk=mosaic.FP8_CHUNKED:true c128=block_n:128,mosaic.FP8_CHUNKED:true n128=block_n:128
bash $B 170 fp8_gm 2 Gm_prefill_gu/fp8 table chunk=mosaic.FP8_CHUNKED:true
bash $B 150 fp8_ds 1 DS_prefill_G16_M16384_gu/fp8 table chunk=mosaic.FP8_CHUNKED:true
