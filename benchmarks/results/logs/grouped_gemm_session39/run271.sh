#!/bin/bash
# Session 39, call 6: GPU tests of the fp8 kernel on the session's final code (named profiler
# regions in the fp8 step, no change in what it computes): the public op on every fp8 shape, and
# fp8 stream-K on DS_G1 / DS_G4 (contiguous and masked).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 280 python -m pytest -v -m gpu tests/gpu/test_gpu_ops.py -k "test_grouped_gemm_fp8 or (fp8_stream_k and (DS_G1 or DS_G4))" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed" | tee $OUT/gpu_tests_fp8.log
