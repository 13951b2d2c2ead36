#!/usr/bin/env bash
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
T=tests/gpu/test_gpu_ops.py
timeout 110 python3 -m pytest -m gpu -q -p no:cacheprovider "$T::test_extend_attention_mixed_batch[16-None-50.0-float16]" "$T::test_grouped_gemm_pallas_swiglu[DS_G4_m256_gu]" "$T::test_grouped_gemm_pallas_group_tiles[DS_G16_m64_gu]" 2>&1 | grep -v "^[IW]11" | tail -6 | tee $OUT/review_gpu_tests.log
