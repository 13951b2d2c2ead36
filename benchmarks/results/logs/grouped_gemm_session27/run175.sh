#!/bin/bash
# Session 27, call 4 (H200): the fp8 GPU tests (every fp8 row, 3 configs, row and group tiles;
# the public op with the table as now).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 560 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "fp8" -x 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/gpu_tests_fp8_run175.log
