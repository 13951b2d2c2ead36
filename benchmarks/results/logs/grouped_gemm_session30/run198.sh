#!/bin/bash
# Session 30, call 2 (H200): stream-K (plan.StreamDeal) over the units left after the whole rounds
# only, at least 8, 16 or 28 K steps per CTA, vs column-piece group tiles (ab_stream_k.py,
# 2 rounds).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
export JAX_COMPILATION_CACHE_DIR=/tmp/jaxcache JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS=0
D=benchmarks/results/logs/grouped_gemm_session30
mkdir -p $OUT/sk
timeout 560 python $D/ab_stream_k.py $OUT/sk 2 g256,g256sk,g256sk@16,g256sk@28 \
  DS_G1_m1024_gu/masked,DS_G4_m256_gu/masked,DS_G1_m1024_gu,DS_prefill_G8_M8192_gu \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_stream_k_run198.log
