#!/bin/bash
# Session 23, call 2: pre-review / review / narrow-as-piece A/B on the Gemma prefill rows.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session23
timeout 420 python $D/ab_review_narrow.py $OUT Gm_prefill_gu,Gm_prefill_dn,Gm_prefill_gu/swiglu 1 \
  2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_review_narrow.log
