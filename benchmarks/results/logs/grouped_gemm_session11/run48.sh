#!/usr/bin/env bash
# Session 11: the fused SwiGLU epilogue's tuning rows (issue 4): every gate/up shape, both layouts,
# every candidate config vs the XLA path (same activation), --update-tuning.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
timeout 560 python -m benchmarks.grouped_gemm_configs --activation swiglu --layouts contiguous,masked --iters 10 --update-tuning --out $OUT/swiglu 2>&1 | grep -v "$F" | grep -v "^ \|^For simp\|^---" | tee $OUT/swiglu_configs.log | grep -v " us " | tail -30
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
