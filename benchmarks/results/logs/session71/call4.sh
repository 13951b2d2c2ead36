#!/bin/bash
# Session 71, call 4 (one H200, repository root, about 7 minutes): call3.sh again after its
# exact-start builds failed to lower under the H200's jax 0.11.2 (run474: "Failed to infer a
# possible set of layouts. You need to prove the divisibility of ..."; a tiled TMA copy's rows
# start at whole 8-row tiles). The lhs now loads through the untiled (swizzle-only) view of its
# ring where tiles start exactly, as for K not whole 64-column steps; every variant below
# exports under jax 0.11.2 on CPU (AB_LOWER=1). A/B, one process, 2 rounds, checked.
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
old=support.EXACT_STARTS:false
date +%T
bash $ab 170 exact_gm_gu 2 Gm_prefill_gu table "old=$old"
date +%T
bash $ab 130 exact_gm_dn 2 Gm_prefill_dn table "rows=segment_stores:rows" \
  "rowsold=segment_stores:rows,$old"
date +%T
bash $ab 150 exact_decode 2 DS_G16_m64_gu/fp8,Gm_decode_dn,DS_G16_m32_dn table "old=$old"
date +%T
