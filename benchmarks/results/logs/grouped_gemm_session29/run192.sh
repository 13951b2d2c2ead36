#!/bin/bash
# Session 29, call 9 (H200): GPU tests of the public grouped GEMM on the DS_G1 rows (the
# one-group XLA path changed this session), contiguous, masked, SwiGLU.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 300 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -p no:cacheprovider -k "(test_grouped_gemm_peers_shapes or test_grouped_gemm_fp8) and DS_G1_m" \
  2>&1 | tail -15 | tee $OUT/gpu_tests_run192.log
