#!/bin/bash
# Session 22, call 5: the final code's attention GPU tests on per-sequence tiles (verify,
# decode, mixed batches).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 280 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (verify or decode or mixed_batch)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention.log
