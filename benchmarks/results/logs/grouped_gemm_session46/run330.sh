#!/bin/bash
# Session 46, call 3: run329's two-accumulator fp8 steps had ptxas serialize the wgmmas (C7514);
# here the same with the K loop unrolled into straight-line code (mosaic.FP8_OVERLAP:unroll).
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 400 ovlu_run330 2 \
  DS_G16_m64_gu/fp8 table ovlu=mosaic.FP8_OVERLAP:unroll
