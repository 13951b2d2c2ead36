#!/bin/bash
# Session 22, call 9 (chunk stores every other K step): the
# public op beside the peers on the 5 prefill contiguous shapes.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $OUT/smi.log
timeout 540 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn,Gm_prefill_gu,Gm_prefill_dn \
  --out $OUT/gg1 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/gg_peers_prefill.log | tail -9
