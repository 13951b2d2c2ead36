#!/bin/bash
# Session 39, call 3: Mosaic GPU profile of the fp8 K step (3-stage builds of the table configs):
# DS_G1_m1024_gu/fp8 (stream-K) and DS_prefill_G16_M16384_gu/fp8 (steady state).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
P=benchmarks/results/logs/grouped_gemm_session39/profile_fp8.py
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
mkdir -p $OUT/g1 $OUT/ds
timeout 150 python $P $OUT/g1 DS_G1_m1024_gu/fp8 1500 2>&1 | grep -v "^[IW]11" | tee $OUT/profile_fp8_g1.log
timeout 200 python $P $OUT/ds DS_prefill_G16_M16384_gu/fp8 1500 2>&1 | grep -v "^[IW]11" | tee $OUT/profile_fp8_ds.log
rm -rf $OUT/g1/prof_* $OUT/ds/prof_*
