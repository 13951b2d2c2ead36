#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 5: run274-275's 128 x 256 in-place builds (two 128-column accumulators) were
# serialized by ptxas (C7514) and ran 1.1-1.8x slower, the 128 x 192 one (three 64-column
# accumulators) level with the table; "p64": 128 x 256 with four 64-column accumulators.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
T=block_m:128,block_n:256,split:m,num_stages:3,stream_k:false,sk_partials:tile,tiles:groups
F="^r[0-9]|C75|spill|Traceback|Error"
MOSAIC_GPU_DUMP_PTXAS=1 timeout 230 python $A $OUT p64_small 2 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table p64=$T,mosaic.FP8_INPLACE:p64 > $OUT/p64_small.full.log 2>&1
grep -E "$F" $OUT/p64_small.full.log | sort | uniq -c | sort -rn | head -20
grep -E "^r[0-9]" $OUT/p64_small.full.log > $OUT/p64_small.log
timeout 170 python $A $OUT p64_ds 1 DS_prefill_G16_M16384_gu/fp8,Gm_prefill_gu/fp8 table p64=$T,mosaic.FP8_INPLACE:p64 2>&1 | grep -v "^[IW]11" | tee $OUT/p64_ds.log
