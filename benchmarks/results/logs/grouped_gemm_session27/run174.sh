#!/bin/bash
# Session 27, call 3 (H200): the fp8 public op on the 5 fp8 rows (K-major weights, the table as
# run173 left it), then the fp8 configs run on the two prefill rows with [G, K, N] weights.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
mkdir -p $OUT/public $OUT/kn
timeout 270 python -m benchmarks.grouped_gemm --layouts fp8 --novariants --iters 20 --out $OUT/public \
  2>&1 | grep -v "^[IW]11" | tee $OUT/gg_fp8_public_run174.log
timeout 280 python -m benchmarks.grouped_gemm_configs --fp8 --layouts contiguous \
  --only DS_prefill_G16_M16384_gu,Gm_prefill_gu --bands= --iters 10 --update-tuning --out $OUT/kn \
  2>&1 | grep -v "^[IW]11" | tee $OUT/fp8_kn_configs_run174.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
