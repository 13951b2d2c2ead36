#!/bin/bash
# Session 16: A/B of the score mask as integer column bounds per row (no per-element key positions).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 230 python out/ab_exp2.py $OUT _INT_MASK chunk_32x512_p0,chunk_16x1024_p0,prefill_long,chunk_32x512_p512,chunk_16x1024_p1024,prefill_multi,verify_chat,hd128_prefill_long 1 10 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_intmask.log
