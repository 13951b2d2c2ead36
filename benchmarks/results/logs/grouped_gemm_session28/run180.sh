#!/bin/bash
# Session 28, call 3 (H200): the public op on the 8 masked rows beside one cuBLAS batched dot
# over all M_max rows (the table as run179 left it), then the GPU tests of the public op on
# every PEERS.md §3 shape (masked: NaN past masked_m -> zeros, the rule's pick).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
mkdir -p $OUT/public
timeout 280 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 \
  --out $OUT/public 2>&1 | grep -v "^[IW]11" | tee $OUT/gg_masked_public_run180.log
timeout 290 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "test_grouped_gemm_peers_shapes" \
  -p no:cacheprovider 2>&1 | tail -25 | tee $OUT/gpu_tests_run180.log
