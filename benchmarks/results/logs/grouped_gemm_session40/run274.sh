#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 3: the running sum kept in the wgmma accumulators and rescaled before each
# step (mosaic.FP8_INPLACE) on the table's tiles and on 128 x 256 tiles, against the table, on
# the fp8 rows; ptxas reports kept (spills, C7515).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
I=ip=mosaic.FP8_INPLACE:true
V=ip256=block_m:128,block_n:256,split:m,num_stages:3,stream_k:false,tiles:groups,mosaic.FP8_INPLACE:true
F="^r[0-9]|C75|spill|Traceback|Error"
MOSAIC_GPU_DUMP_PTXAS=1 timeout 230 python $A $OUT ip_small 2 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table $I $V > $OUT/ip_small.full.log 2>&1
grep -E "$F" $OUT/ip_small.full.log | sort | uniq -c | sort -rn | head -20
grep -E "^r[0-9]" $OUT/ip_small.full.log > $OUT/ip_small.log
timeout 170 python $A $OUT ip_ds 1 DS_prefill_G16_M16384_gu/fp8 table $I $V 2>&1 | grep -v "^[IW]11" | tee $OUT/ip_ds.log
timeout 150 python $A $OUT ip_gm 1 Gm_prefill_gu/fp8,DS_G16_m64_gu/fp8 table $I $V 2>&1 | grep -v "^[IW]11" | tee $OUT/ip_gm.log
