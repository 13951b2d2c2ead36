#!/bin/bash
# Review of session 36, call 2: DS_G16_m32_dn (XLA's metadata) again, 3 rounds: run246's one
# round had the mended build 1.0 us behind session 36's.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/review_session36
mkdir -p /tmp/before && cp pallas_kernels/grouped_gemm/{mosaic,plan,epilogue}.py /tmp/before/ && (cd /tmp/before && patch -s -R -p3 < $OLDPWD/$R/review.patch) || exit 1
timeout 300 python benchmarks/results/logs/grouped_gemm_session34/ab_search.py $OUT DS_G16_m32_dn,DS_G4_m256_gu/fp8 3 /tmp/before ab_review2 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_review2.log
