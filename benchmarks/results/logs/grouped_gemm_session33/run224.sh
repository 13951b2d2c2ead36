#!/bin/bash
# Session 33, call 8: the public op's masked decode rows beside cuBLAS batched after boxes.patch.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 170 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 --only DS_G16_m32_dn,Gm_decode_dn,DS_G16_m64_gu,Gm_decode_gu --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/masked_public.log
