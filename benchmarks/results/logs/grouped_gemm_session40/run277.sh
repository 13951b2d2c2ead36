#!/bin/bash
# Needs fp8_256_experiment.patch (this folder) applied: 128 x 256 fp8 tiles, mosaic.FP8_INPLACE.
# Session 40, call 6: which of run274-276's differences makes the in-place fp8 sum slow and less
# accurate at 128 x 256: the table's tiles with the in-place sum at 3 stages (s3), and 128 x 128
# tiles (one 128-column accumulator per consumer) with and without it.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
F="^r[0-9]|C75|spill|Traceback|Error"
MOSAIC_GPU_DUMP_PTXAS=1 timeout 280 python $A $OUT iso 1 DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8 table ip=mosaic.FP8_INPLACE:true ip_s3=num_stages:3,mosaic.FP8_INPLACE:true t128=block_n:128 ip128=block_n:128,mosaic.FP8_INPLACE:true > $OUT/iso.full.log 2>&1
grep -E "$F" $OUT/iso.full.log > $OUT/iso_ptxas.log
grep -E "^r[0-9]" $OUT/iso.full.log | tee $OUT/iso.log
grep -c C7514 $OUT/iso.full.log
