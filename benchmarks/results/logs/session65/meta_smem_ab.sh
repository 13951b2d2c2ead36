#!/bin/bash
# Session 65, one H200 (repository root). run443: with every wgmma skipped, taking the tile search
# out of Gm_decode_dn's kernel saved 6.5 us and taking the stores out 8.3 (both 10.5): dependent
# global-memory loads of XLA's metadata on each unit's path (the producer's search, the
# consumers' segment bounds). The working tree copies that metadata into shared memory at the
# start (`meta_in_smem`); `meta_smem_switch.patch` (device only) adds mosaic.META_SMEM so that
# "gmem" is the kernel as committed before. 2 rounds, one process per group of rows.
# The working tree's change was not kept: to run this again, `git apply
# benchmarks/results/logs/session65/meta_smem_experiment.patch` first.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
git apply benchmarks/results/logs/session65/meta_smem_switch.patch || exit 1
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $ab 200 decode 2 Gm_decode_dn,DS_G16_m32_dn,Gm_decode_gu,DS_G16_m64_gu,DS_G16_m64_gu/fp8 \
  table gmem=mosaic.META_SMEM:false
bash $ab 240 prefill 2 Gm_prefill_gu,Gm_prefill_gu/fp8,DS_prefill_G16_M16384_gu,DS_G4_m256_dn/masked table \
  gmem=mosaic.META_SMEM:false
