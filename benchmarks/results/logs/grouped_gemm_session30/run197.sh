#!/bin/bash
# Session 30, call 1 (H200): stream-K group tiles vs column-piece group tiles vs the XLA path on
# the one-to-two-wave gate/up rows and one prefill row (ab_stream_k.py, 2 rounds); stream-K
# over the last one to two rounds (StreamDeal.of with rounds = max(units // C - 1, 0); not kept).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
export JAX_COMPILATION_CACHE_DIR=/tmp/jaxcache JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS=0
D=benchmarks/results/logs/grouped_gemm_session30
mkdir -p $OUT/sk
timeout 560 python $D/ab_stream_k.py $OUT/sk 2 xla,g256,g256sk \
  DS_G1_m1024_gu/masked,DS_G4_m256_gu/masked,DS_G1_m1024_gu,DS_G1_m1024_gu/masked/swiglu,DS_prefill_G8_M8192_gu \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_stream_k_run197.log
