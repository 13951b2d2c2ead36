#!/bin/bash
# Session 34, call 4: GPU tests of the kernel's own searches at real shapes: rows tiles (bounds
# search; 128 groups, and 1), group tiles and half tiles (running-count search), stream-K,
# completion signals.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 480 python -m pytest -q -p no:cacheprovider tests/gpu/test_gpu_ops.py -m gpu -k "(test_grouped_gemm_pallas_peers_shapes and (Gm_decode_dn or DS_G1_m1024_dn)) or (test_grouped_gemm_pallas_group_tiles and Gm_decode_gu) or (test_grouped_gemm_pallas_half_tiles and DS_G16_m32_dn) or (test_grouped_gemm_pallas_stream_k and tile and DS_G4_m256_gu) or (signals and Gm_decode_dn)" 2>&1 | grep -v "^[IW]11" | tail -25 | tee $OUT/gpu_tests.log
