#!/bin/bash
# Session 16: paired global tiles as a loop over the pair (one copy of the kernel code) vs table / table+direct.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 300 python out/pairs_exp.py $OUT chunk_32x512_p0,chunk_16x1024_p0,prefill_multi,chunk_32x512_p512 10 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/pairs_loop_exp.log
