#!/bin/bash
# Session 16: A/B of the overlapped step's mask branch hoisted out of the in-flight region.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 200 python out/ab_exp2.py $OUT _HOIST_MASK prefill_long,chunk_32x512_p512,chunk_16x1024_p1024,chunk_8x512_p512,hd128_prefill_long 1 10 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_hoist.log
timeout 150 python out/ab_exp2.py $OUT _HOIST_MASK chunk_32x512_p0,chunk_16x1024_p0,chunk_8x512_p0,prefill_multi 1 10 --ov 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_hoist_ov.log
