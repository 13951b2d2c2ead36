#!/bin/bash
# Session 30, call 5 (H200): stream-K group tiles vs column-piece group tiles vs the XLA path on
# three gate/up rows and one prefill row, 1 round: stream-K over the units left after the whole
# rounds, its partials summed GATHER_COLS columns at a time (ab_stream_k.py).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
export JAX_COMPILATION_CACHE_DIR=/tmp/jaxcache JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS=0
D=benchmarks/results/logs/grouped_gemm_session30
mkdir -p $OUT/sk
timeout 540 python $D/ab_stream_k.py $OUT/sk 1 xla,g256,g256sk \
  DS_G1_m1024_gu/masked,DS_G4_m256_gu/masked,DS_prefill_G8_M8192_gu,DS_G1_m1024_gu/masked/swiglu \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_stream_k_run201.log
