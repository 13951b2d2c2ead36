#!/bin/bash
# Review of session 36, call 1: the mended metadata reads (Meta.segment: a segment's two bounds
# from one read; sizes_meta contiguous only, the shared tile count) against session 36's code
# ("before": review.patch reversed), one process, one round (grouped_gemm_session34/ab_search.py);
# then the GPU tests of run232/run241's set.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/review_session36
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
mkdir -p /tmp/before && cp pallas_kernels/grouped_gemm/{mosaic,plan,epilogue}.py /tmp/before/ && (cd /tmp/before && patch -s -R -p3 < $OLDPWD/$R/review.patch) || exit 1
timeout 330 python benchmarks/results/logs/grouped_gemm_session34/ab_search.py $OUT DS_G1_m1024_gu/fp8,DS_G4_m256_gu/fp8,DS_G4_m256_dn,DS_G4_m256_gu,DS_G16_m32_dn,Gm_decode_dn 1 /tmp/before ab_review 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_review.log
timeout 240 python -m pytest -q -p no:cacheprovider tests/gpu/test_gpu_ops.py -m gpu -k "(test_grouped_gemm_pallas_peers_shapes and (Gm_decode_dn or DS_G1_m1024_dn)) or (test_grouped_gemm_pallas_group_tiles and Gm_decode_gu) or (test_grouped_gemm_pallas_half_tiles and DS_G16_m32_dn) or (test_grouped_gemm_pallas_stream_k and tile and DS_G4_m256_gu) or (signals and Gm_decode_dn) or (test_grouped_gemm_pallas_fp8 and not stream_k and DS_G4_m256_gu)" 2>&1 | grep -v "^[IW]11" | tail -4 | tee $OUT/gpu_tests.log
