#!/bin/bash
# Session 31, call 6 (H200): the masked DS_G1 / DS_G4 SwiGLU gate/up tuning rows with both
# stream-K layouts among the candidates (session 30 measured stream-K there only at 8 K steps a
# CTA; the XLA path held those rows), then the stream-K GPU tests run209 did not reach (the
# two Gemma decode shapes, both layouts).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
mkdir -p $OUT/cfg
timeout 200 python -m benchmarks.grouped_gemm_configs --layouts masked --nopeers --bands= \
  --activation swiglu --only DS_G4_m256_gu,DS_G1_m1024_gu --configs groups/sk --iters 10 \
  --update-tuning --out $OUT/cfg 2>&1 | grep -v "^[IW]11" | tail -12 | tee $OUT/masked_swiglu_configs_run210.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
timeout 230 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k \
  "test_grouped_gemm_pallas_stream_k and Gm_decode" 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/gpu_tests_sk_gm_run210.log
