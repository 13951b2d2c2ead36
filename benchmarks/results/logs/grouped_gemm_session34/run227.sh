#!/bin/bash
# Session 34, call 3: the public op's contiguous decode rows (group tiles; the kernel's own
# segment search, two-level count_sorted) beside lax.ragged_dot, ragged_dot_mgpu and tokamax
# (carried wheels).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 480 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 --only Gm_decode_dn,DS_G16_m32_dn,Gm_decode_gu,DS_G16_m64_gu --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -10 | tee $OUT/contig_public.log
