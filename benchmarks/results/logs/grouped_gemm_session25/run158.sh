#!/bin/bash
# Session 25, call 4: plan.group_tiles now deals tiles with ragged_slots (cum_search's structure):
# run157 without .peers carried (no tokamax): the same public-op rows again, with .peers.

export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
L=benchmarks/results/logs/grouped_gemm_session25
: # (plan forms: run157)
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 300 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_G16_m32_dn,Gm_decode_dn,DS_G16_m64_gu,Gm_decode_gu \
  --out $OUT/gg1 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/gg_peers_decode.log | tail -8
timeout 150 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_G4_m256_gu,DS_G4_m256_dn \
  --out $OUT/gg2 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/gg_peers_g4.log | tail -6
