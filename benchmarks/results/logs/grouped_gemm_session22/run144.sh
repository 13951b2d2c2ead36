#!/bin/bash
# Session 22, call 7 (run137 of session 21 again, which was taken back before it finished): chunk stores every K step vs every other step.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 420 python benchmarks/results/logs/grouped_gemm_session21/ab_spacing.py $OUT Gm_prefill_dn,DS_prefill_G16_M16384_dn 1 \
  2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_spacing.log
