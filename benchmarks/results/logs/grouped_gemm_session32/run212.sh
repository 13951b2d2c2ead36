#!/bin/bash
# Session 32, call 2: the fp8 rows of the public op beside JAX's ragged_dot_mgpu on fp8 (new in
# benchmarks/grouped_gemm.py: fp8_peer_records), same process.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 560 python -m benchmarks.grouped_gemm --layouts fp8 --novariants --iters 20 --out $OUT 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/fp8_peers.log
