#!/bin/bash
# Session 43, call 3: group tiles (tiles="groups") load the lhs rows only up to their segment's
# last one, as one box of a power-of-two number of 8-row tiles (as masked row tiles already do:
# mosaic.GROUP_BOXES, "table" = on, the working tree) vs the whole tile ("old"). Decode rows,
# whose groups are smaller than a tile, and Gemma's prefill gate/up. Checked, one process.
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 330 boxes_dec 2 \
  DS_G16_m64_gu/fp8,DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn \
  table old=mosaic.GROUP_BOXES:false
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 200 boxes_pre 2 \
  Gm_prefill_gu table old=mosaic.GROUP_BOXES:false
