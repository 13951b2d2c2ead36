#!/bin/bash
# Session 44, call 4: lhs loads of exactly the 8-row tiles a group needs (mosaic.EXACT_BOXES, an
# experiment flag then: boxes of the binary digits of the count, a plain barrier arrival for
# each digit not taken) against one power-of-two box (old). Gemma prefill, then the decode rows.
# Checked, one process each, 2 rounds.
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 300 exact_pre 2 \
  Gm_prefill_gu,Gm_prefill_dn table old=mosaic.EXACT_BOXES:false
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 250 exact_dec 2 \
  DS_G16_m64_gu,Gm_decode_gu,DS_G16_m64_gu/fp8,DS_G16_m64_gu/masked table \
  old=mosaic.EXACT_BOXES:false
