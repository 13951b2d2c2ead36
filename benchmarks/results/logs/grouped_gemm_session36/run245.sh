#!/bin/bash
# Session 36, call 7: DS_G4_m256_gu/masked with the table row run244 wrote (stream-K "lanes") beside cuBLAS batched; was call 5 (run243):
# session) beside cuBLAS batched: ab_meta_sk (run241) timed DS_G4_m256_gu/masked's table config at
# 138.3 us against run208's 114.5 (session 31), a slowdown since.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 300 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 --only DS_G4_m256_gu --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -10 | tee $OUT/masked_public.log
