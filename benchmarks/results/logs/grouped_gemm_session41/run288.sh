#!/bin/bash
# Session 41, call 5: the 8 invalid_rows="unwritten" GPU tests (every masked PEERS.md §3 shape:
# contiguous with NaN rows past the groups, masked and masked SwiGLU with NaN past masked_m,
# the valid rows against the float32 reference) and the 16 signal tests (the row-tile store
# path they share was rewritten). 24 passed: gpu_tests_run288.log.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 420 python -m pytest -v -m gpu tests/gpu/test_gpu_ops.py -k "grouped_gemm_unwritten or grouped_gemm_signals" -p no:cacheprovider 2>&1 | grep -E "PASS|FAIL|Error|passed|failed" | tail -40 | tee $OUT/gpu_tests.log
