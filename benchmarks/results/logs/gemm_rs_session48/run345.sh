#!/usr/bin/env bash
# Session 48 review: runs 343 and 344 again in one process, with JSON (the review found the
# README quoting figures that only a log held): remote / remote plain stores / local reduce-adds
# / local stores / remote, then one rank's cuBLAS dot, at tp 4 and 2.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
timeout 200 python3 benchmarks/results/logs/gemm_rs_session48/ablate_push.py \
  remote,remote_store,local_add,local_store,remote --out $OUT 2>&1 \
  | grep -Ev '^[IW][0-9]{4}' | tee $OUT/ablate.log | grep "^tp=\|Error\|error" | cut -c1-200
