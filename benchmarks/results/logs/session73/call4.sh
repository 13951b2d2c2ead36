#!/bin/bash
# Session 73, call 4 (one H200, repository root, about 8 minutes).
# DeepSeek's bf16 prefill rows on 256 x 128 group tiles (each consumer 128 x 128, the dense
# Mosaic GPU matmul's consumer tile) against their table config (128 x 256: each consumer
# 64 x 256): run484 ran the public op at 731 / 735 TFLOP/s on DS_prefill_G16_M16384 gu / dn
# (bar 730). Also with row stores and with band 4. ab_run.sh, one process, 2 rounds, checked;
# every variant exports under jax 0.10.2 and 0.11.2 on CPU (AB_LOWER).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 450 dsp 2 \
  DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn table \
  "m256n128s4=block_m:256,block_n:128,num_stages:4" \
  "m256n128s4r=block_m:256,block_n:128,num_stages:4,segment_stores:rows" \
  "m256n128s4b4=block_m:256,block_n:128,num_stages:4,band:4"
date +%T
