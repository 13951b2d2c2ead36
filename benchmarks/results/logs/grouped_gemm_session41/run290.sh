#!/bin/bash
# Session 41, call 7: the fp8 GPU tests with their new invalid_rows="unwritten" part (contiguous
# with the last group 40 rows shorter; masked with masked_m = the sizes capped at M_max), every
# fp8 PEERS.md §3 shape, the rule's pick.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 500 python -m pytest -v -m gpu tests/gpu/test_gpu_ops.py -k "grouped_gemm_fp8" -p no:cacheprovider 2>&1 | grep -E "PASS|FAIL|Error|assert|passed|failed" | tail -40 | tee $OUT/gpu_tests.log
