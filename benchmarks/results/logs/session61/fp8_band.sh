#!/bin/bash
# Session 61, one H200 (repository root): Gemma gate/up in fp8 with K-major weights, the table's
# row (128 x 128 group tiles, 5 stages, band 8) against bands 1 and 2 (band 1 is the bf16 row's:
# 807.8 vs 840.0 us at band 8 in session 60's run406), interleaved in one process, 2 rounds,
# checked (session 20's ab_run.sh / ab_configs.py).
nvidia-smi --query-gpu=name --format=csv,noheader
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 280 fp8_band 2 Gm_prefill_gu/fp8 \
  table b1=band:1 b2=band:2
