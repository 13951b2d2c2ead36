#!/bin/bash
# Session 65, one H200 (repository root). Issue 4's memory-bound decode rows stream at 4.04-4.09
# TB/s of the bytes they move (kernel time) where cuBLAS batched moves its bytes at 4.21 (session
# 63's estimate) and an XLA read-only pass reaches 4.45-4.52 (run156). Is the limit the loads (the
# producer's TMA pattern, the ring) or the consumers? `ablate_mma_experiment.patch` (applied here
# on the device only) adds mosaic.ABLATE_MMA: every wgmma skipped, everything else as built (the
# producer's loads, the ring's waits and releases, the epilogue's stores): wrong by design, so
# timed unchecked. "table" is the committed kernel. 2 rounds, one process per group of rows.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
git apply benchmarks/results/logs/session65/ablate_mma_experiment.patch || exit 1
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
loads="loads=mosaic.ABLATE_MMA:true,check:false"
bash $ab 200 contig 2 Gm_decode_dn,DS_G16_m32_dn,Gm_decode_gu,DS_G16_m64_gu table $loads
bash $ab 150 masked 2 Gm_decode_dn/masked,DS_G16_m32_dn/masked,DS_G16_m64_gu/masked table $loads
bash $ab 90 fp8 2 DS_G16_m64_gu/fp8 table $loads
