#!/usr/bin/env bash
# Session 11: fp8 (1D2D) kernel configs vs the fp8 XLA path on every fp8 shape, --update-tuning.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
timeout 540 python -m benchmarks.grouped_gemm_configs --fp8 --layouts contiguous,masked --iters 10 --update-tuning --out $OUT/fp8 2>&1 | grep -v "$F" | grep -v "^ \|^For simp\|^---" | tee $OUT/fp8_configs.log | tail -40
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
