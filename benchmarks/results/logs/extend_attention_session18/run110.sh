#!/bin/bash
# Session 18: why the prefetch variant fails to compile on jax 0.11.2.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/out:$PWD/tests
timeout 200 python out/dbg_prefetch.py 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tail -120
