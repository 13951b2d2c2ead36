#!/bin/bash
# Session 38, call 1: the last column tile computing only the result's columns (last_tile_cols) vs the
# whole tile, on Gemma's gate/up (N = 1408): bf16 at the table's 128 x 192 and at 128 x 256, fp8
# at the table's 128 x 192; one process per row set, 3 rounds.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session38
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 330 python $R/ab_last_cols.py $OUT Gm_prefill_gu 3 ab_last_cols_bf16 wide 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_last_cols_bf16.log
timeout 200 python $R/ab_last_cols.py $OUT Gm_prefill_gu/fp8 3 ab_last_cols_fp8 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_last_cols_fp8.log
