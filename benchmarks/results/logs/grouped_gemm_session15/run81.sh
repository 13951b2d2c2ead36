#!/bin/bash
# Session 15, call 4: group-tile configs (kernel; tuning update) on the other 8 multi-group
# shapes, then the public op beside the peers on all 11 (contiguous).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 230 python -m benchmarks.grouped_gemm_configs --layouts contiguous --configs groups --nopeers --iters 10 --update-tuning \
  --only DS_prefill_G16_M16384_dn,Gm_prefill_dn,DS_G4_m256_gu,DS_G4_m256_dn,DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn \
  --out $OUT/cfg 2>&1 | grep -v "^[IW]11" | tee $OUT/cfg_b.log | tail -12
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
timeout 320 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_G4_m256_gu,DS_G4_m256_dn,DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn,DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn,Gm_prefill_gu,Gm_prefill_dn \
  --out $OUT/gg 2>&1 | grep -v "^[IW]11" | tee $OUT/gg_peers.log | tail -16
