#!/bin/bash
# Session 36, call 1: in-kernel metadata (plan.sizes_meta) vs XLA's, on the rows of <= 16
# groups whose table config is a kernel that reads XLA's metadata, one process, 2 rounds.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session36
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 560 python $R/ab_meta.py $OUT ${ROWS:-DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8,DS_G16_m32_dn,DS_G4_m256_dn,DS_G1_m1024_gu/masked} 2 ${NAME:-ab_meta} 2>&1 | grep -v "^[IW]11" | tee $OUT/${NAME:-ab_meta}.log
