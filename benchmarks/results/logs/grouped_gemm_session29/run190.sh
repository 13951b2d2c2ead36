#!/bin/bash
# Session 29, call 7 (H200): DS_G1_m1024_gu's public op beside the peers with the one-group
# XLA path's output select (K > N).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh
mkdir -p $OUT/peers
PYTHONPATH=$PWD:$PWD/tests:/tmp/peers timeout 240 python -m benchmarks.grouped_gemm --layouts contiguous \
  --novariants --iters 20 --only DS_G1_m1024_gu --out $OUT/peers 2>&1 | grep -v "^[IW]11" | tail -12 | tee $OUT/gg_peers_ds_g1_gu_run190.log
