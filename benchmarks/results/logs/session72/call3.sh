#!/bin/bash
# Session 72, call 3 (one H200, repository root): Gm_prefill_dn's table config against row
# stores with exact starts, 2 more rounds (run479 was cut in round 2), then
# session71/h200_next.sh's step 3 (the fp8 illegal instruction's two candidates apart).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 190 exact_gm_dn2 2 Gm_prefill_dn \
  table "rows=segment_stores:rows"
date +%T
STEPS=3 bash benchmarks/results/logs/session71/h200_next.sh
