#!/bin/bash
# Session 18: run109 again with the loop-carried item's row annotated 8-aligned (pl.multiple_of).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/out:$PWD/tests
timeout 100 python out/dbg_prefetch.py 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tail -30 | tee $OUT/dbg.log
grep -q Traceback $OUT/dbg.log && exit 1
timeout 420 python out/ab_chunk.py $OUT chunk_16x1024_p0,chunk_32x512_p0,chunk_8x512_p0,hd128_prefill_long 2 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_prefetch.log
