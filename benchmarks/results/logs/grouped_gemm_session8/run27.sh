#!/usr/bin/env bash
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
S=DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_dn,Gm_prefill_gu,Gm_prefill_dn,DS_G16_m64_gu,Gm_decode_gu
timeout 200 python3 -m benchmarks.grouped_gemm_configs --only $S --layouts contiguous --nopeers --iters 10 --out $OUT/base 2>&1 | grep "pallas/\|xla  " | tee $OUT/base.log
patch -p1 < out/chunked2.patch
timeout 240 python3 -m benchmarks.grouped_gemm_configs --only $S --layouts contiguous --nopeers --iters 10 --out $OUT/chunk 2>&1 | grep "pallas/\|xla  \|rror" | tail -40 | tee $OUT/chunk.log
