#!/bin/bash
# Session 14 probe: cluster multicast on a dense bf16 GEMM (JAX example) vs ours vs cuBLAS.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv
timeout 400 python out/cluster_probe.py 2>&1 | grep -v "^[IW]11" | tee $OUT/cluster_probe.log
