#!/bin/bash
# Session 18: the persistent deal on the persistent items' estimated costs (A/B).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/out:$PWD/tests
timeout 300 python out/ab_deal.py $OUT chunk_16x1024_p0,chunk_32x512_p0,chunk_8x512_p0 3 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_deal_costs.log
