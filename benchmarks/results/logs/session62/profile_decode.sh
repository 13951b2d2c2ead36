#!/bin/bash
# Session 62, one H200 (repository root): where DS_G16_m64_gu/fp8's K step time goes, from a
# Mosaic GPU profiler trace (session 39's profile_fp8.py) of the table's config at 4 stages
# (the profiler's buffer needs shared memory beside the ring: 5 stages leave too little).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
P=benchmarks/results/logs/grouped_gemm_session39/profile_fp8.py
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
mkdir -p $OUT/dec
timeout 200 python $P $OUT/dec DS_G16_m64_gu/fp8 1500 4 2>&1 | grep -v "^[IW]11" | tee $OUT/profile_decode.log
rm -rf $OUT/dec/prof_*
