#!/bin/bash
# Session 18: chunked output stores and the tail-sorted deal of persistent CTAs (A/B).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/out:$PWD/tests
timeout 560 python out/ab_chunk.py $OUT chunk_32x512_p0,chunk_16x1024_p0,chunk_8x512_p0,hd128_prefill_long,prefill_multi,prefill_long 2 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_tail_deal.log
