#!/bin/bash
# Session 14 D: small group-metadata prefix sums as one reduction (no reduce_window); the public
# grouped GEMM beside the peers on the memory-bound contiguous shapes; then head_dim 128
# attention shapes beside the peers (issue 3, last run session 7).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 240 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_G4_m256_dn,DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn \
  --out $OUT/gg 2>&1 | grep -v "^[IW]11" | tail -12 | tee $OUT/gg_decode.log
timeout 330 python -m benchmarks.extend_attention --shapes hd128 --page_sizes 16 --iters 20 \
  --out $OUT/attn 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/attn_hd128.log
