#!/bin/bash
# Session 27, call 2 (H200): the fp8 configs run on the two prefill rows, K-major weights, with
# 128 x 192 group tiles among the candidates; the table rows it writes come back in $OUT.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 560 python -m benchmarks.grouped_gemm_configs --fp8 --rhs_layout nk --layouts contiguous \
  --only DS_prefill_G16_M16384_gu,Gm_prefill_gu --bands= --iters 10 --update-tuning --out $OUT \
  2>&1 | grep -v "^[IW]11" | tee $OUT/fp8_nk_configs_run173.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
