#!/bin/bash
# Session 62, one H200 (repository root): fp8 steps with the next step's wgmma issued before
# this step's product is awaited and promoted (two accumulators in turn; consumers of 64 x 128
# or narrower, whole units), the default in this build, against the kernel as before
# (old=mosaic.FP8_OVERLAP:false), with 6 stages (one epilogue buffer) and with half tiles
# (mosaic.FP8_HALVES), interleaved in one process per row group, 2 rounds, checked; PTXAS=1
# keeps each build's spill and C75xx lines (session 20's ab_run.sh / ab_configs.py).
nvidia-smi --query-gpu=name --format=csv,noheader
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
PTXAS=1 bash $ab 200 ov_decode 2 DS_G16_m64_gu/fp8,DS_G16_m64_gu/masked/fp8 table \
  old=mosaic.FP8_OVERLAP:false s6=num_stages:6 h=mosaic.FP8_HALVES:true
bash $ab 120 ov_gm 2 Gm_prefill_gu/fp8 table old=mosaic.FP8_OVERLAP:false s6=num_stages:6 \
  h=mosaic.FP8_HALVES:true
bash $ab 100 ov_g4 2 DS_G4_m256_gu/fp8 table old=mosaic.FP8_OVERLAP:false
