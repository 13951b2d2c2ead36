#!/bin/bash
# Session 25, call 3: plan.group_tiles now deals tiles with ragged_slots (cum_search's structure):
# its XLA kernels beside cum_search's; then the public op beside the peers on the contiguous
# decode rows and the DS_G4 rows.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
L=benchmarks/results/logs/grouped_gemm_session25
timeout 100 python $L/meta_forms.py DS_G16_m32_dn:64,Gm_decode_dn:64,DS_prefill_G8_M8192_gu:128,Gm_prefill_gu:128 committed,cum_search 2>&1 \
  | grep -v "^[IW]11" | tee $OUT/meta_forms.log | grep -v seed | cut -c1-160
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 300 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_G16_m32_dn,Gm_decode_dn,DS_G16_m64_gu,Gm_decode_gu \
  --out $OUT/gg1 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/gg_peers_decode.log | tail -8
timeout 150 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_G4_m256_gu,DS_G4_m256_dn \
  --out $OUT/gg2 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/gg_peers_g4.log | tail -6
