#!/bin/bash
# Session 67, third one-H200 call (repository root), on the tree with fp8 deferred stores
# (mosaic.FP8_DEFERRED_COLS = 128: fp8 group tiles whose consumers own <= 128 columns store a
# unit's chunks under the next unit's wgmmas). Every variant checked against the float32
# reference before it is timed; ptxas spill / serialization lines kept (PTXAS=1).
# ab1: the rows it changes, deferred (table) against stores after the K loop (nodefer), and
# row stores beside it. ab2: the 192-column rows it leaves, against deferring them too.
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
PTXAS=1 bash $ab 300 defer_fp8 2 DS_G16_m64_gu/fp8,DS_G4_m256_gu/fp8,Gm_prefill_gu/fp8 table \
  nodefer=mosaic.FP8_DEFERRED_COLS:0 rows=segment_stores:rows
PTXAS=1 bash $ab 200 defer_fp8_192 2 DS_prefill_G16_M16384_gu/fp8,DS_G1_m1024_gu/fp8 table \
  defer192=mosaic.FP8_DEFERRED_COLS:192
