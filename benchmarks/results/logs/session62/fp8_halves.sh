#!/bin/bash
# Session 62, one H200 (repository root): half tiles for fp8 (a group's last 128-row tile with
# at most 64 of its rows runs as 64 rows x the two consumers' column halves, as the bf16 kernel
# has done since session 19), on the two fp8 rows whose table config has 128 x 128 group tiles,
# against the table's kernel, interleaved in one process, 3 rounds, checked (session 20's
# ab_run.sh / ab_configs.py). Needs the experiment flag mosaic.FP8_HALVES.
nvidia-smi --query-gpu=name --format=csv,noheader
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 400 fp8_halves 3 \
  DS_G16_m64_gu/fp8,Gm_prefill_gu/fp8 table halves=mosaic.FP8_HALVES:true
