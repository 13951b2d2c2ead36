#!/bin/bash
# Session 38, call 8: Gemma prefill configs around the table's: down projection (stages, bands,
# 128 x 128), gate/up (bands and stages around 128 x 128 / 6 / 1); one process per row, 2 rounds.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session38
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 330 python $R/gm_configs.py $OUT Gm_prefill_dn 2 gm_dn_configs 2>&1 | grep -v "^[IW]11" | tee $OUT/gm_dn_configs.log
timeout 230 python $R/gm_configs.py $OUT Gm_prefill_gu 2 gm_gu_configs2 2>&1 | grep -v "^[IW]11" | tee $OUT/gm_gu_configs2.log
