#!/bin/bash
# Session 16: ptxas register / spill report of the attention kernel builds after the integer mask.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
MOSAIC_GPU_DUMP_PTXAS=1 timeout 200 python out/ptxas_attn.py 2>&1 | grep -E "^===|ptxas|spill|registers" | tee $OUT/ptxas_intmask.log
