#!/bin/bash
# Session 22, call 8: chunk stores every other K step, more shapes (session 21's ab_spacing.py).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 540 python benchmarks/results/logs/grouped_gemm_session21/ab_spacing.py $OUT Gm_prefill_dn,Gm_prefill_gu,DS_prefill_G8_M8192_gu,Gm_decode_dn,DS_G16_m32_dn 1 \
  2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_spacing.log
