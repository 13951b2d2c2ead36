#!/bin/bash
# Session 13: grouped GEMM XLA path with a 16-bit result straight from the GEMM (no f32 copy +
# convert), beside the peers on the one-group/four-group shapes; then fp8 masked configs with
# completion signals (first timing of fp8 + signals).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 260 python -m benchmarks.grouped_gemm --only DS_G1_m1024_gu,DS_G1_m1024_dn,DS_G4_m256_gu --layouts contiguous,masked --iters 20 --out $OUT/gg 2>&1 | grep -v "^[IW]11" | tail -25 | tee $OUT/gg_small.log
timeout 260 python -m benchmarks.grouped_gemm_configs --fp8 --signals --rhs_layout nk --layouts masked --only DS_G16_m64_gu,DS_G4_m256_gu,DS_G1_m1024_gu --iters 10 --out $OUT/sig 2>&1 | grep -v "^[IW]11" | tail -60 | tee $OUT/fp8_signals.log
