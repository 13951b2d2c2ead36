#!/bin/bash
# Session 29 review, call 13 (H200): the masked down rows' public op beside cuBLAS batched
# after run195's table rows.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
mkdir -p $OUT/pub
timeout 240 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 \
  --only DS_G16_m32_dn,Gm_decode_dn --out $OUT/pub 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/gg_masked_dn_public_run196.log
