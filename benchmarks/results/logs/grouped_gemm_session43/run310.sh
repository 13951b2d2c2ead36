#!/bin/bash
# Session 43, call 7: the half-tile GPU tests run309's limit cut (group tiles with half tiles,
# bf16, on every PEERS.md §3 shape with more than one group), after the group-tile lhs boxes.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 400 python -m pytest -v -m gpu tests/gpu/test_gpu_ops.py -k "half_tiles" -p no:cacheprovider 2>&1 | grep -E "PASS|FAIL|Error|assert|passed|failed" | tail -20 | tee $OUT/gpu_tests.log
