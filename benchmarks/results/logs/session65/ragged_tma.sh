#!/bin/bash
# Session 65, one H200 (repository root). run445: the ragged rows group tiles store from registers
# (`_mgpu.store_rows_direct`: the at most 7 rows at either end of a segment that share an 8-row
# tile with the next segment) cost Gm_decode_dn's kernel ~6 us, the whole 8-row tiles' TMA boxes
# ~1.5 (DS_G16_m32_dn: 1.1 and 3.7). `ragged_tma_experiment.patch` (device only) adds
# mosaic.RAGGED_TMA: group tiles' chunk buffers unswizzled (the registers' writes into them
# conflict 8-way), and each segment's rows [lo, hi) of a chunk stored by TMA boxes of 64, 32, ...,
# 1 rows at any row offset: no stores from registers. Checked against the reference.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
git apply benchmarks/results/logs/session65/ragged_tma_experiment.patch || exit 1
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $ab 150 decode 2 Gm_decode_dn,DS_G16_m32_dn,Gm_decode_gu,DS_G16_m64_gu/fp8 table \
  ragged=mosaic.RAGGED_TMA:true
bash $ab 130 prefill 2 Gm_prefill_gu,Gm_prefill_dn table ragged=mosaic.RAGGED_TMA:true
