#!/bin/bash
# Session 21, call 10: the spread stores vs commit 822ad0b on DS_prefill_G8_M8192_gu alone (run128
# and run129 reached the limit before its new variant), 1 round.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 330 python benchmarks/results/logs/grouped_gemm_session21/ab_spread.py $OUT DS_prefill_G8_M8192_gu 1 \
  2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_spread_g8.log
