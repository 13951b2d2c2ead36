#!/bin/bash
# Session 33, call 6: the public op's contiguous decode down rows (table now 64 x 128 group
# tiles, 6 stages) beside lax.ragged_dot, ragged_dot_mgpu and tokamax (carried wheels).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 400 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 --only Gm_decode_dn,DS_G16_m32_dn --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/contig_public.log
