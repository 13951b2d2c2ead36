#!/bin/bash
# Session 36, call 4: the public op with the in-kernel metadata (contiguous, <= 4 groups) on the
# rows it changes, beside lax.ragged_dot, ragged_dot_mgpu and tokamax (carried wheels): bf16
# contiguous DS_G4 gate/up and down, DS_G1 gate/up (table: XLA), and the fp8 rows of DS_G1 / DS_G4.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 540 python -m benchmarks.grouped_gemm --layouts contiguous,fp8 --novariants --iters 20 --only DS_G4_m256_gu,DS_G4_m256_dn,DS_G1_m1024_gu --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -14 | tee $OUT/contig_fp8_public.log
