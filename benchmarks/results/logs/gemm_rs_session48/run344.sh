#!/usr/bin/env bash
# Session 48 (issue 5), fifth call: remote plain stores vs remote reduce-adds; fourth call was where the fused kernel's time goes on M8192_N8192_K29568
# (ablate_push.py: remote vs local reduce-adds vs local stores; one rank's cuBLAS dot alone).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
timeout 200 python3 benchmarks/results/logs/gemm_rs_session48/ablate_push.py remote,remote_store,remote nodot 2>&1 \
  | grep -Ev '^[IW][0-9]{4}' | tee $OUT/ablate.log | grep "^tp=\|Error\|error" | cut -c1-200
