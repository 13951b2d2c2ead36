#!/bin/bash
# Session 14 A: grouped GEMM tiles="groups" writing exact rows (no gather): GPU tests, then the
# configs of the small-group contiguous shapes, table updated.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 280 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -q -k "group_tiles or kernel_configs_mixed" 2>&1 | grep -v "^[IW]11" | tail -15 | tee $OUT/gpu_tests.log
timeout 300 python -m benchmarks.grouped_gemm_configs --layouts contiguous --nopeers --iters 10 \
  --only DS_G4_m256_gu,DS_G4_m256_dn,DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn \
  --configs groups,m128/n256/s4/m/b8,m128/n128/s4 --update-tuning --out $OUT/cfg 2>&1 | grep -v "^[IW]11" | tail -60 | tee $OUT/configs_small.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
