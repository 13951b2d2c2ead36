#!/bin/bash
# Session 29, call 3 (H200): tuning rows measured before the masked group tiles (session 28) or
# the XLA masked path without its lhs select: the masked SwiGLU gate/up rows (128 x 256 group
# tiles vs the table's 128 x 128 row tiles vs the XLA path) and the masked fp8 K-major rows
# (128 x 192 group tiles, a new candidate, vs the row tiles of the table), --update-tuning.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
mkdir -p $OUT/swiglu $OUT/fp8
timeout 260 python -m benchmarks.grouped_gemm_configs --layouts masked --activation swiglu --nopeers \
  --only DS_G1_m1024_gu,DS_G4_m256_gu --configs groups,m128/n128/s4 --bands= --iters 10 \
  --update-tuning --out $OUT/swiglu 2>&1 | grep -v "^[IW]11" | tail -25 | tee $OUT/masked_swiglu_configs_run186.log
timeout 300 python -m benchmarks.grouped_gemm_configs --layouts masked --fp8 --rhs_layout nk --nopeers \
  --only DS_G1_m1024_gu,DS_G4_m256_gu,DS_G16_m64_gu --configs groups,m128/n192,m128/n128 --bands= \
  --iters 10 --update-tuning --out $OUT/fp8 2>&1 | grep -v "^[IW]11" | tail -25 | tee $OUT/masked_fp8_configs_run186.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
