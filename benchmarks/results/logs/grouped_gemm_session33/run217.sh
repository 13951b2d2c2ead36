#!/bin/bash
# Session 33, call 1: masked row tiles reading masked_m in the kernel (plan.Meta). The kernel
# before (meta.patch reversed) vs after on the masked rows whose table config is row tiles, one
# process, 2 rounds; then the public op's masked rows beside cuBLAS batched (the benchmark).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session33
nvidia-smi --query-gpu=name --format=csv,noheader
mkdir -p /tmp/before && cp pallas_kernels/grouped_gemm/{mosaic,epilogue}.py /tmp/before/ && (cd /tmp/before && patch -s -R -p3 < $OLDPWD/$R/meta.patch)
timeout 330 python $R/ab_meta.py $OUT DS_G16_m32_dn/masked,Gm_decode_dn/masked,DS_G16_m64_gu/masked,Gm_decode_gu/masked 2 /tmp/before 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_meta.log
timeout 220 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 --only DS_G16_m32_dn,Gm_decode_dn,DS_G16_m64_gu,Gm_decode_gu --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -14 | tee $OUT/masked_public.log
