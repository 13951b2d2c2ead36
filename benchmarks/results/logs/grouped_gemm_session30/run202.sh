#!/bin/bash
# Session 30, call 6 (H200): the masked DS_G1 / DS_G4 gate/up tuning rows re-measured with the
# stream-K group tiles among the candidates (--update-tuning), DS_G4's public op beside cuBLAS
# batched, and stream-K on DS_G1 with fewer CTAs per unit (at least 16 / 28 K steps a CTA).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session30
mkdir -p $OUT/cfg $OUT/pub $OUT/sk
timeout 240 python -m benchmarks.grouped_gemm_configs --layouts masked --nopeers \
  --only DS_G4_m256_gu,DS_G1_m1024_gu --configs groups --iters 10 --update-tuning --out $OUT/cfg \
  2>&1 | grep -v "^[IW]11" | tail -12 | tee $OUT/masked_gu_configs_run202.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
timeout 100 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 \
  --only DS_G4_m256_gu --out $OUT/pub 2>&1 | grep -v "^[IW]11" | tail -6 | tee $OUT/gg_masked_gu_public_run202.log
timeout 150 python $D/ab_stream_k.py $OUT/sk 1 g256sk,g256sk@16,g256sk@28 DS_G1_m1024_gu/masked \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_stream_k_run202.log
