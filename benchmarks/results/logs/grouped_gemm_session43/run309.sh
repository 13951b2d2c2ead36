#!/bin/bash
# Session 43, call 6: GPU tests after the group-tile lhs boxes and lhs_scale_layout: the public
# fp8 op on every fp8 shape (now also with MN-major lhs scales), group tiles and half tiles
# (bf16) on every PEERS.md §3 shape with more than one group.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 560 python -m pytest -v -m gpu tests/gpu/test_gpu_ops.py -k "test_grouped_gemm_fp8 or group_tiles or half_tiles" -p no:cacheprovider 2>&1 | grep -E "PASS|FAIL|Error|assert|passed|failed" | tail -40 | tee $OUT/gpu_tests.log
