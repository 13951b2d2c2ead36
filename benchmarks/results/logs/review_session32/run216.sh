#!/bin/bash
# Review of session 32: the kernel before / after the review on the fp8 group-tile rows
# (ab_segment_store.py), then the benchmark's refactored peer code (mgpu_records) on one bf16
# and one fp8 row.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/review_session32
nvidia-smi --query-gpu=name --format=csv,noheader
cp pallas_kernels/grouped_gemm/mosaic.py /tmp/mosaic_before.py && patch -s -R /tmp/mosaic_before.py < $R/mosaic_review.patch
timeout 330 python $R/ab_segment_store.py $OUT Gm_prefill_gu/fp8,DS_prefill_G16_M16384_gu/fp8,DS_G1_m1024_gu/fp8 2 /tmp/mosaic_before.py 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_segment_store.log
timeout 200 python -m benchmarks.grouped_gemm --layouts contiguous,fp8 --novariants --iters 10 --only DS_G16_m32_dn,DS_G4_m256_gu --out $OUT/peers 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/peers.log
