#!/usr/bin/env bash
# Session 12: fp8 128 x 192 tiles (consumers 64 x 192, promoted in 64-column pieces): fp8 configs
# with K-major weights, then with [G, K, N] weights (both --update-tuning), then the fp8 kernel tests.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
timeout 200 python -m benchmarks.grouped_gemm_configs --fp8 --rhs_layout nk --layouts contiguous,masked --iters 10 --update-tuning --out $OUT/fp8nk 2>&1 | grep -v "$F" | grep -v "^ \|^For simp\|^---" | tee $OUT/fp8nk192_configs.log | grep "|"
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
timeout 170 python -m benchmarks.grouped_gemm_configs --fp8 --layouts contiguous,masked --iters 10 --update-tuning --out $OUT/fp8kn 2>&1 | grep -v "$F" | grep -v "^ \|^For simp\|^---" | tee $OUT/fp8kn_configs.log | grep "|"
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
timeout 200 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "pallas_fp8" 2>&1 | grep -v "$F" | grep -v "^  \|^$" | tail -25 | tee $OUT/fp8_192_tests.log
