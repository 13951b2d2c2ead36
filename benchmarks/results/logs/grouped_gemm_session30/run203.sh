#!/bin/bash
# Session 30, call 7 (H200): stream-K on DS_G1_m1024_gu/masked with at least 16 / 28 K steps a
# CTA (fewer CTAs per unit), now with jax.clear_caches() between builds (run198 and run202's
# "@16" / "@28" variants reused the first stream-K build).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session30
mkdir -p $OUT/sk
timeout 200 python $D/ab_stream_k.py $OUT/sk 1 g256sk@28,g256sk@16 DS_G1_m1024_gu/masked \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_stream_k_run203.log
