#!/bin/bash
# Session 61, one H200 (repository root): Gm_prefill_gu/swiglu, the table's config (128 x 256
# group tiles, 4 stages, band 1) against 128 x 128 with 5 stages (band 1), interleaved in one
# process, 2 rounds, checked (session 20's ab_run.sh / ab_configs.py).
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 380 sw_ab 2 Gm_prefill_gu/swiglu \
  table g128s5=block_n:128,num_stages:5
