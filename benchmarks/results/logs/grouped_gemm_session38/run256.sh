#!/bin/bash
# Session 38, call 2: last_tile_cols on the fp8 rows whose 192-column tiles end past N = 4096
# (DeepSeek gate/up: 64 columns of the last tile), and on Gemma's bf16 gate/up the cost of the
# last tile's branch alone ("cond": both branches the whole width); one process per row set.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session38
timeout 330 python $R/ab_last_cols.py $OUT DS_G1_m1024_gu/fp8,DS_G1_m1024_gu/masked/fp8,DS_prefill_G16_M16384_gu/fp8 3 ab_last_cols_fp8_ds 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_last_cols_fp8_ds.log
timeout 200 python $R/ab_last_cols.py $OUT Gm_prefill_gu 2 ab_last_cols_cond cond 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_last_cols_cond.log
