#!/bin/bash
# Review of session 41, call 1: after the review's mends (row tiles take the valid end from the
# group loop instead of reading the group's bounds again at the store; group tiles get no zero
# segments from launch_meta instead of the kernel ignoring them), the masked rows through the
# public op: jaxkern:auto, jaxkern:unwritten and the batched dot, checked, one process.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 400 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 \
  --only DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn,DS_G4_m256_dn \
  --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -12
