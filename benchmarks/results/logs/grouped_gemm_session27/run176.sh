#!/bin/bash
# Session 27, call 5 (H200): the fp8 kernel with its lhs-scale load through _compat.mgpu_load
# (no deprecated index argument on jax 0.11): fp8 GPU tests of two rows, the public op included.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 300 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "fp8 and (DS_G4_m256_gu or DS_prefill)" \
  -W error::DeprecationWarning:pallas_kernels.grouped_gemm.mosaic 2>&1 | grep -v "^[IW]11" | tail -15 | tee $OUT/gpu_tests_fp8_run176.log
