#!/bin/bash
# Session 38, call 5: group-tile configs on the masked decode rows that tie or trail cuBLAS
# batched, against the table's row tiles and the XLA path; one process, 2 rounds.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session38
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 500 python $R/masked_configs.py $OUT DS_G16_m32_dn/masked,DS_G16_m64_gu/masked 2 masked_configs 2>&1 | grep -v "^[IW]11" | tee $OUT/masked_configs.log
