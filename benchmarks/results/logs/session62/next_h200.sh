#!/bin/bash
# Written in session 62, not yet run: for the next one-GPU call on an H200 (repository root).
# Issue 4's DS_G16_m64_gu/fp8 (3.6-3.7 TB/s, bar 4.0): run423's profile put a third of the
# consumers' time in awaiting each step's wgmma, and neither fewer MMAs (half tiles) nor a deeper
# ring moved it, so the per-step wgmma round trip is the suspect. `fp8_pairs_experiment.patch`
# (applied here on the device only; interpret-tested on CPU in session 62) runs two K steps at a
# time: both wgmmas issued into two fresh accumulators, both awaited at once, so that a pair
# costs one round trip (unlike run424's overlap, nothing reads an accumulator while a wgmma
# runs, which is what ptxas serialized there). The flag mosaic.FP8_PAIRS (default on in the
# patch) is switched off for the "old" variant; ptxas reports every build (spills, C75xx).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
git apply benchmarks/results/logs/session62/fp8_pairs_experiment.patch || exit 1
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
PTXAS=1 bash $ab 240 pairs_decode 2 DS_G16_m64_gu/fp8,DS_G16_m64_gu/masked/fp8 table \
  old=mosaic.FP8_PAIRS:false
bash $ab 150 pairs_prefill 2 Gm_prefill_gu/fp8,DS_G4_m256_gu/fp8 table old=mosaic.FP8_PAIRS:false
