#!/bin/bash
# Session 34, call 1: the kernel's own search for a unit's groups / segment (search.patch) vs
# the per-tile XLA plan before it, on the decode rows (contiguous group tiles, masked row tiles
# read from masked_m), a contiguous rows-tile row and the fp8 stream-K row, one process, 2
# rounds (ab_search.py; every call checked against the float32 reference).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session34
nvidia-smi --query-gpu=name --format=csv,noheader
mkdir -p /tmp/before && cp pallas_kernels/grouped_gemm/{mosaic,plan,epilogue}.py /tmp/before/ && (cd /tmp/before && patch -s -R -p3 < $OLDPWD/$R/search.patch) || exit 1
timeout 540 python $R/ab_search.py $OUT Gm_decode_dn,DS_G16_m32_dn,Gm_decode_gu,DS_G16_m64_gu,Gm_decode_dn/masked,DS_G1_m1024_dn,DS_G1_m1024_gu/fp8,DS_G16_m32_dn/masked 2 /tmp/before 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_search.log
