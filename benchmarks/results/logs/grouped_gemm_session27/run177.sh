#!/bin/bash
# Session 27, call 6 (H200): bf16 Gemma prefill rows, table config vs 128 x 192 group tiles.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 300 python benchmarks/results/logs/grouped_gemm_session27/ab_tiles.py $OUT 2 table,g192b1,g192b8 Gm_prefill_gu,Gm_prefill_dn 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_tiles_run177.log
