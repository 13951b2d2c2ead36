#!/bin/bash
# Session 67, first one-H200 call (repository root): session 66's ready streaming probe of the
# fp8 decode row's K-major weights, then row stores A/B on DS_G16_m64_gu/fp8 and Gm_prefill_dn
# (the A/B half of session 66's h200_next.sh).
bash benchmarks/results/logs/session66/stream_fp8.sh
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 240 rows_rest 2 \
  DS_G16_m64_gu/fp8,Gm_prefill_dn table rows=segment_stores:rows
