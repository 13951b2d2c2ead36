#!/bin/bash
# Session 79, call 1 (one H200, repository root, `.peers` carried, under 10 minutes): the grouped
# GEMM on 2-CTA clusters (config.cluster = 2: a pair of units on one row tile shares its lhs box,
# each CTA loading half and multicasting it; on chip, no NVLink multicast).
# 1. One cluster test alone first: two CTAs out of step would hang, and the timeout ends it.
# 2. If it passed: A/B (ab_run.sh: one process, variants interleaved, outputs checked, CUPTI),
#    2 rounds, the table config against the same with cluster=2 (band 1 where the column tiles
#    are odd), on the two rows under or at issue 4's bar (Gm_prefill_gu: 650 TFLOP/s;
#    DS_prefill_G16_M16384_gu: 730) and DeepSeek's down; then Gemma's down and fp8 gate/up,
#    whose 11 column tiles need band 1 (their table rows run bands 2 and 8: band 1 alone too).
source benchmarks/device_env.sh
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
date +%T
timeout 150 python3 -m pytest -q -p no:cacheprovider -m gpu tests/gpu -k "clusters_odd_units" \
  2>&1 | grep -Ev '^[IW][0-9]{4}' > $OUT/first.log
rc=${PIPESTATUS[0]}
tail -3 $OUT/first.log; echo "first rc $rc"; date +%T
[ "$rc" = 0 ] || exit 1
bash $ab 230 bar_rows 2 Gm_prefill_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn table \
  "c2=cluster:2"
date +%T
bash $ab 200 other_rows 2 Gm_prefill_dn,Gm_prefill_gu/fp8 table "b1=band:1" \
  "c2b1=cluster:2,band:1"
date +%T
