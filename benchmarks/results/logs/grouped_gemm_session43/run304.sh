#!/bin/bash
# Session 43, call 1: fp8 half tiles (a group's last 128-row tile holding <= 64 of its rows runs
# as a half tile, the consumers splitting its columns) and fp8 pass-on (a rows-split consumer
# with none of its rows in the group passes the slots on instead of computing), each alone,
# both ("table", the working tree), neither ("old"), on the DeepSeek decode rows whose tiles
# are 128 x 128 (contiguous: group tiles; masked: row tiles). Checked, one process, 2 rounds.
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 560 fp8_halves 2 \
  DS_G16_m64_gu/fp8,DS_G16_m64_gu/masked/fp8 table \
  old=mosaic.FP8_HALVES:false,mosaic.FP8_PASS_ON:false \
  halves=mosaic.FP8_PASS_ON:false passon=mosaic.FP8_HALVES:false
