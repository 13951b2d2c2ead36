#!/bin/bash
# Session 16: timing ablations of the score mask (never masked / always masked; results wrong on purpose).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 240 python out/ablate_exp.py $OUT chunk_32x512_p0,chunk_16x1024_p0,prefill_long,chunk_32x512_p512 10 mask 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ablate_mask.log
