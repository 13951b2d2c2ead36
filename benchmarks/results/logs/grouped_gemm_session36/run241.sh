#!/bin/bash
# Session 36, call 3: GPU tests with the in-kernel metadata (run232's set: rows and group tiles,
# half tiles at 16 groups, stream-K on DS_G4, fp8 on DS_G4, signals), then where the masked rows'
# slowdown comes from (ab_meta_sk.py: table config and stream-K off, each metadata form).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session36
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 330 python $R/ab_meta_sk.py $OUT DS_G1_m1024_gu/masked,DS_G4_m256_gu/masked,DS_G4_m256_dn/masked 1 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_meta_sk.log
timeout 250 python -m pytest -q -p no:cacheprovider tests/gpu/test_gpu_ops.py -m gpu -k "(test_grouped_gemm_pallas_peers_shapes and (Gm_decode_dn or DS_G1_m1024_dn)) or (test_grouped_gemm_pallas_group_tiles and Gm_decode_gu) or (test_grouped_gemm_pallas_half_tiles and DS_G16_m32_dn) or (test_grouped_gemm_pallas_stream_k and tile and DS_G4_m256_gu) or (signals and Gm_decode_dn) or (test_grouped_gemm_pallas_fp8 and not stream_k and DS_G4_m256_gu)" 2>&1 | grep -v "^[IW]11" | tail -6 | tee $OUT/gpu_tests.log
