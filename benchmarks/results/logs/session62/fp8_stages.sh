#!/bin/bash
# Session 62, one H200 (repository root): fp8 rings one stage deeper where the epilogue takes
# one output buffer per consumer instead of two (support.epilogue_buffers: 128 x 128 tiles at 6
# stages, 128 x 192 and 64 x 256 at 5), with and without half tiles for fp8 (the experiment flag
# mosaic.FP8_HALVES), against each row's table config, interleaved in one process per row
# group, 2 rounds, checked (session 20's ab_run.sh / ab_configs.py).
nvidia-smi --query-gpu=name --format=csv,noheader
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $ab 200 fp8_decode 2 DS_G16_m64_gu/fp8 table s6=num_stages:6 \
  s6h=num_stages:6,mosaic.FP8_HALVES:true n256s5=block_m:64,block_n:256,split:n,num_stages:5 \
  g192s5=block_n:192,num_stages:5
bash $ab 120 fp8_gm 2 Gm_prefill_gu/fp8 table s6=num_stages:6 s6h=num_stages:6,mosaic.FP8_HALVES:true
bash $ab 120 fp8_s5 2 DS_prefill_G16_M16384_gu/fp8,DS_G1_m1024_gu/fp8 table s5=num_stages:5
