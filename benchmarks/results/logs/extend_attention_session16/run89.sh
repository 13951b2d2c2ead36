#!/bin/bash
# Session 16: A/B of prefetched first-sequence bounds per global tile (one level of loads before the first key step).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 200 python out/ab_exp2.py $OUT _PREFETCHED_BOUNDS chunk_32x512_p0,chunk_16x1024_p0,chunk_8x512_p0,chunk_32x512_p512 2 10 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_bounds.log
timeout 200 python out/ab_exp2.py $OUT _PREFETCHED_BOUNDS prefill_multi,chunk_8x512_p512,chunk_16x1024_p1024,prefill_long,hd128_prefill_long,hd128_chunk_8x1024_p1024 1 10 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_bounds2.log
