#!/bin/bash
# Session 38, call 4: half tiles / tail pieces on-off on Gemma's down projection (the table's 128 x
# 256 group tiles) and DeepSeek's prefill down projection; one process per row set.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session38
timeout 300 python $R/ab_partial.py $OUT Gm_prefill_dn 3 ab_partial_gm 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_partial_gm.log
timeout 250 python $R/ab_partial.py $OUT DS_prefill_G16_M16384_dn 2 ab_partial_ds 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_partial_ds.log
