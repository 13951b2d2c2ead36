#!/bin/bash
# Session 35, call 1: GPU tests of the tile-ring build after review 34 (the run228 set plus the
# fp8 kernel on DS_G4_m256_gu, whose masked form runs fp8 row tiles with partial lhs loads), then
# the public op's masked decode rows beside cuBLAS batched.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 300 python -m pytest -q -p no:cacheprovider tests/gpu/test_gpu_ops.py -m gpu -k "(test_grouped_gemm_pallas_peers_shapes and (Gm_decode_dn or DS_G1_m1024_dn)) or (test_grouped_gemm_pallas_group_tiles and Gm_decode_gu) or (test_grouped_gemm_pallas_half_tiles and DS_G16_m32_dn) or (test_grouped_gemm_pallas_stream_k and tile and DS_G4_m256_gu) or (signals and Gm_decode_dn) or (test_grouped_gemm_pallas_fp8 and not stream_k and DS_G4_m256_gu)" 2>&1 | grep -v "^[IW]11" | tail -6 | tee $OUT/gpu_tests.log
timeout 200 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 --only DS_G16_m32_dn,Gm_decode_dn,DS_G16_m64_gu,Gm_decode_gu --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/masked_public.log
