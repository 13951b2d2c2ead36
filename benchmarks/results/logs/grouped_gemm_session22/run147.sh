#!/bin/bash
# Session 22, call 10: the group-tile GPU tests (deferred stores) on the final code.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 280 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "grouped_gemm_pallas_group_tiles" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_group_tiles.log
