#!/bin/bash
# Session 35, call 2: the public op's contiguous decode rows (tile-ring build after review 34)
# beside lax.ragged_dot, ragged_dot_mgpu and tokamax (carried wheels).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
timeout 400 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 --only Gm_decode_dn,DS_G16_m32_dn,Gm_decode_gu,DS_G16_m64_gu --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -10 | tee $OUT/contig_public.log
