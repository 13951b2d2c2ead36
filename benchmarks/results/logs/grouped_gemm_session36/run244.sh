#!/bin/bash
# Session 36, call 6: DS_G4_m256_gu/masked's table row re-measured (run243: the table's config
# 135.6 us against cuBLAS batched 118.0; run208, session 31, had it at 113.9): every masked
# candidate, the band pass and the XLA path, --update-tuning (the table copied to $OUT).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 500 python -m benchmarks.grouped_gemm_configs --layouts masked --only DS_G4_m256_gu --iters 20 --update-tuning --out $OUT/configs 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/masked_g4_configs.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
