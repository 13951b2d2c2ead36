#!/bin/bash
# Session 71, call 3 (one H200, repository root, about 8 minutes). Row-store group tiles now
# start at their segment's first row (`support.exact_starts`, `plan.segment_first_row`), not at
# that rounded down to 8: a segment has cdiv(rows, block_m) tiles (Gm_prefill_gu at 128 rows a
# tile: 568 instead of 575, 69248 rows computed instead of 69824). A/B, one process, checked,
# against the old starts ("old=support.EXACT_STARTS:false"), on the table rows with row stores,
# and on Gemma's prefill down projection (its table row stores swizzled) with row stores.
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
old=support.EXACT_STARTS:false
date +%T
bash $ab 200 exact_gm_gu 3 Gm_prefill_gu table "old=$old"
date +%T
bash $ab 150 exact_gm_dn 3 Gm_prefill_dn table "rows=segment_stores:rows" \
  "rowsold=segment_stores:rows,$old"
date +%T
bash $ab 150 exact_decode 2 DS_G16_m64_gu/fp8,Gm_decode_dn,DS_G16_m32_dn table "old=$old"
date +%T
