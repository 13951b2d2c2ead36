#!/bin/bash
# Session 31, call 4 (H200): sk_partials a config field; the masked DS_G1 / DS_G4 gate/up tuning
# rows re-measured with both stream-K layouts among the candidates (--update-tuning), then the
# public op beside cuBLAS batched (reading the updated table), then the GPU tests of stream-K
# (both layouts) and of the public op on those two shapes.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
mkdir -p $OUT/cfg $OUT/pub
timeout 200 python -m benchmarks.grouped_gemm_configs --layouts masked --nopeers --bands= \
  --only DS_G4_m256_gu,DS_G1_m1024_gu --configs groups/sk --iters 10 --update-tuning --out $OUT/cfg \
  2>&1 | grep -v "^[IW]11" | tail -12 | tee $OUT/masked_gu_configs_run208.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
timeout 120 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 \
  --only DS_G1_m1024_gu,DS_G4_m256_gu --out $OUT/pub 2>&1 | grep -v "^[IW]11" | tail -7 | tee $OUT/gg_masked_gu_public_run208.log
timeout 300 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k \
  "(test_grouped_gemm_pallas_stream_k or test_grouped_gemm_peers_shapes) and (DS_G1_m1024_gu or DS_G4_m256_gu)" 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/gpu_tests_run208.log
