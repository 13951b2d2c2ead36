#!/bin/bash
# Session 32, call 5: fp8 stream-K's MIN_STREAM_STEPS (28, 19, 14) on DS_G1_m1024_gu fp8,
# contiguous and masked, 2 rounds, one process (ab_min_steps.py).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 400 python benchmarks/results/logs/grouped_gemm_session32/ab_min_steps.py $OUT DS_G1_m1024_gu/fp8,DS_G1_m1024_gu/masked/fp8 28,19,14 2 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_min_steps.log
