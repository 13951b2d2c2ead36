#!/bin/bash
# Session 13: re-tune the one-group bf16 rows (kernel configs + the XLA path with its 16-bit
# result), so the table's kernel-vs-XLA pick sees the faster XLA path.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 400 python -m benchmarks.grouped_gemm_configs --only DS_G1_m1024_gu,DS_G1_m1024_dn --layouts contiguous --nopeers --update-tuning --iters 20 --out $OUT 2>&1 | grep -v "^[IW]11" | tail -40 | tee $OUT/retune_g1.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
