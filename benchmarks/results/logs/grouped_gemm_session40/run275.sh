#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 4: run274's ip256 build got ptxas C7514 (wgmmas serialized: accumulator
# registers read inside a wgmma pipeline stage); "barrier" puts every piece's rescaled sum
# behind one optimization barrier before the step's wgmmas issue. 128 x 256 tiles, both forms.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
T=block_m:128,block_n:256,split:m,num_stages:3,stream_k:false,sk_partials:tile,tiles:groups
F="^r[0-9]|C75|spill|Traceback|Error"
MOSAIC_GPU_DUMP_PTXAS=1 timeout 230 python $A $OUT ipb_small 2 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table ip256=$T,mosaic.FP8_INPLACE:true ipb256=$T,mosaic.FP8_INPLACE:barrier > $OUT/ipb_small.full.log 2>&1
grep -nE "$F" $OUT/ipb_small.full.log | head -40
grep -E "^r[0-9]" $OUT/ipb_small.full.log > $OUT/ipb_small.log
timeout 170 python $A $OUT ipb_ds 1 DS_prefill_G16_M16384_gu/fp8 table ipb256=$T,mosaic.FP8_INPLACE:barrier 2>&1 | grep -v "^[IW]11" | tee $OUT/ipb_ds.log
