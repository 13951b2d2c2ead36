#!/bin/bash
# Session 42, call 6: GPU tests of the fp8 kernel after the change: the public op on every fp8
# PEERS.md §3 shape, the kernel at 128 x 192 (the prefill rows' tiles) and with stream-K "lanes"
# partials (DS_G1's table config) on every fp8 shape, contiguous and masked.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 550 python -m pytest -v -m gpu tests/gpu/test_gpu_ops.py -k "grouped_gemm_fp8 or (grouped_gemm_pallas_fp8 and 192) or (stream_k and lanes and fp8)" -p no:cacheprovider 2>&1 | grep -E "PASS|FAIL|Error|assert|passed|failed" | tail -40 | tee $OUT/gpu_tests.log
