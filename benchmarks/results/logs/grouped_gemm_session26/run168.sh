#!/bin/bash
# Session 26, call 5 (H200): the Gemma prefill rows and Gm_decode_gu, public op (the kernel as
# kept) beside the peers.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 300 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only Gm_prefill_dn,Gm_prefill_gu,Gm_decode_gu --out $OUT/gg 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/gg_peers_gm.log | tail -12
