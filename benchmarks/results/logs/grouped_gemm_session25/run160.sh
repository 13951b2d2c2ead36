#!/bin/bash
# Session 25, call 6: the tuning table's decode rows with session 25's bands (run159): the public
# op beside the peers on the contiguous and masked decode rows.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 420 python -m benchmarks.grouped_gemm --layouts contiguous,masked --novariants --iters 20 \
  --only DS_G16_m32_dn,Gm_decode_dn,DS_G16_m64_gu,Gm_decode_gu \
  --out $OUT/gg 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/gg_peers_decode.log | tail -12
