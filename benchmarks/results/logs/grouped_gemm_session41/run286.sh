#!/bin/bash
# Session 41, call 3: the masked PEERS.md §3 rows through the public op, "jaxkern:auto" (rows
# past masked_m written as zeros) beside "jaxkern:unwritten" (invalid_rows="unwritten": each
# consumer stores its rows up to its last valid one, tiles past masked_m store nothing) and the
# batched dot (cuBLAS batched), each checked (unwritten: on the valid rows), one process.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 560 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 \
  --only DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn,DS_G4_m256_gu,DS_G4_m256_dn,DS_G1_m1024_gu,DS_G1_m1024_dn \
  --out $OUT/public 2>&1 | grep -v "^[IW]11"
