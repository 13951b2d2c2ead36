#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 1: fp8 128 x 256 tiles (64 x 256 consumers taking a step's product 128 columns
# at a time, `FP8_PRODUCT_COLS`) against the table's configs on the fp8 rows, one process per
# row group; ptxas reports kept for spills and C7515 (wgmma serialization).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
V=n256=block_m:128,block_n:256,split:m,num_stages:3,stream_k:false,tiles:groups
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
F="^r[0-9]|C7515|spill|Traceback|Error"
MOSAIC_GPU_DUMP_PTXAS=1 timeout 220 python $A $OUT fp8_small 2 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table $V > $OUT/fp8_small.full.log 2>&1
grep -E "$F" $OUT/fp8_small.full.log | sort | uniq -c | sort -rn | head -20
grep -E "^r[0-9]" $OUT/fp8_small.full.log > $OUT/fp8_small.log
timeout 160 python $A $OUT fp8_ds 1 DS_prefill_G16_M16384_gu/fp8 table $V 2>&1 | grep -v "^[IW]11" | tee $OUT/fp8_ds.log
timeout 160 python $A $OUT fp8_gm 1 Gm_prefill_gu/fp8,DS_G16_m64_gu/fp8 table $V 2>&1 | grep -v "^[IW]11" | tee $OUT/fp8_gm.log
