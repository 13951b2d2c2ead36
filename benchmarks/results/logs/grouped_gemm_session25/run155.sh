#!/bin/bash
# Session 25, call 1: forms of the group-tile plan (XLA kernels, CUPTI time, checked against the
# committed form); masked decode rows with group-tile candidates beside the row-tile ones.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
L=benchmarks/results/logs/grouped_gemm_session25
timeout 150 python $L/meta_forms.py 2>&1 | grep -v "^[IW]11" | tee $OUT/meta_forms.log
timeout 400 python -m benchmarks.grouped_gemm_configs --layouts masked --nopeers --iters 10 --update-tuning \
  --only DS_G16_m32_dn,Gm_decode_dn,Gm_decode_gu,DS_G16_m64_gu \
  --out $OUT/cfg 2>&1 | grep -v "^[IW]11" | grep -v "^    @" > $OUT/cfg_masked.log
tail -40 $OUT/cfg_masked.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
