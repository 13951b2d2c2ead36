#!/bin/bash
# Session 46, call 2: fp8 steps with two product accumulators (mosaic.FP8_OVERLAP, the
# experiment patch): fill c + 1's wgmma issued before fill c's product is awaited and promoted,
# vs the table's kernel; 128-column tiles forced on the rows whose table has 192.
PTXAS=1 bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 540 ovl_run329 2 \
  DS_G16_m64_gu/fp8,DS_G16_m64_gu/masked/fp8,DS_G4_m256_gu/fp8,Gm_prefill_gu/fp8 \
  table ovl=mosaic.FP8_OVERLAP:true t128=block_n:128 o128=block_n:128,mosaic.FP8_OVERLAP:true
