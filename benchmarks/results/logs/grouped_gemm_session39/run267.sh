#!/bin/bash
# Session 39, call 2: DS_G1_m1024_gu fp8 (one group of 1112 rows; contiguous and masked) on
# 64-row tiles split by columns, the config DS_G4_m256_gu/fp8 runs at 59.5 us with about as
# many rows (run266), against the table's 128 x 192 stream-K group tiles; 2 rounds, one process.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
G="block_m:64,split:n,tiles:groups"
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 280 python $A $OUT g1_fp8_m64 2 DS_G1_m1024_gu/fp8,DS_G1_m1024_gu/masked/fp8 table \
  m64g=$G,block_n:256,num_stages:4,stream_k:false,sk_partials:tile \
  m64sk=$G,block_n:256,num_stages:4,stream_k:true,sk_partials:lanes \
  m64n384=$G,block_n:384,num_stages:3,stream_k:false,sk_partials:tile \
  2>&1 | grep -v "^[IW]11" | tee $OUT/g1_fp8_m64.log
