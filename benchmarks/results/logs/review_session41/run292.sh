#!/bin/bash
# Review of session 41, call 2: the GPU tests of invalid_rows="unwritten" after the mends: every
# masked PEERS.md §3 shape (bf16: contiguous, masked, masked SwiGLU) and every fp8 shape
# (contiguous and masked), the rule's pick, valid rows against the float32 reference.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 560 python -m pytest -v -m gpu tests/gpu/test_gpu_ops.py -k "grouped_gemm_unwritten or test_grouped_gemm_fp8" -p no:cacheprovider 2>&1 | grep -E "PASS|FAIL|Error|assert|passed|failed" | tail -30 | tee $OUT/gpu_tests.log
