#!/bin/bash
# Session 29 review, call 12 (H200): the two masked down rows whose table kernel is closest to
# the XLA path now that it zeroes the lhs rows (K <= N): their table configs (band 8, then
# bands 1 and 2) beside the XLA path, --update-tuning.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
mkdir -p $OUT/cfg
timeout 420 python -m benchmarks.grouped_gemm_configs --layouts masked --nopeers \
  --only DS_G16_m32_dn,Gm_decode_dn --configs m64/n256/s4/n/b8,m128/n256/s3/m/b8 --bands 1,2 \
  --iters 10 --update-tuning --out $OUT/cfg 2>&1 | grep -v "^[IW]11" | tail -20 | tee $OUT/masked_dn_configs_run195.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
