#!/usr/bin/env bash
# Session 12: K-major weights (rhs_layout="nk") + block scale loaded a step ahead in the fp8 kernel:
# GPU tests (fp8 both layouts, bf16 K-major), then fp8 configs with K-major weights (--update-tuning).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
timeout 330 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "pallas_fp8 or test_grouped_gemm_fp8 or k_major" 2>&1 | grep -v "$F" | grep -v "^  \|^$" | tail -25 | tee $OUT/nk_tests.log
timeout 250 python -m benchmarks.grouped_gemm_configs --fp8 --rhs_layout nk --layouts contiguous,masked --iters 10 --update-tuning --out $OUT/fp8nk 2>&1 | grep -v "$F" | grep -v "^ \|^For simp\|^---" | tee $OUT/fp8nk_configs.log | grep "|"
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
