#!/bin/bash
# Session 14 C: the public grouped GEMM beside the peers on the contiguous shapes of several
# groups, after the table update (tiles inside groups, exact rows).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 540 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_G4_m256_gu,DS_G4_m256_dn,DS_G16_m64_gu,DS_G16_m32_dn,DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn,Gm_prefill_gu,Gm_prefill_dn,Gm_decode_gu,Gm_decode_dn \
  --out $OUT/gg 2>&1 | grep -v "^[IW]11" | tail -40 | tee $OUT/gg_contiguous.log
