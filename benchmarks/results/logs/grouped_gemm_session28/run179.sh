#!/bin/bash
# Session 28, call 2 (H200): the configs run on the four compute-bound masked rows, 128 x 256
# group tiles added to the masked candidates, the XLA path without its lhs select, and
# --update-tuning (no band pass: time).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
mkdir -p $OUT/cfg
timeout 560 python -m benchmarks.grouped_gemm_configs --layouts masked --nopeers \
  --only DS_G1_m1024_gu,DS_G1_m1024_dn,DS_G4_m256_gu,DS_G4_m256_dn --bands= --iters 10 \
  --update-tuning --out $OUT/cfg 2>&1 | grep -v "^[IW]11" | tee $OUT/masked_configs_run179.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
