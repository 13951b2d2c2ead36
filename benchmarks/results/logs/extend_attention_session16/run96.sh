#!/bin/bash
# Session 16: head_dim 128 attention shapes beside the peers after the integer-bound mask.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 400 python -m benchmarks.extend_attention --shapes hd128 --page_sizes 16 --iters 20 \
  --out $OUT/attn 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/attn_hd128.log
