#!/usr/bin/env bash
# Session 10: probe the segfault of chained fused GEMM+RS calls at tp=4.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
for c in 1 2 4 8; do
  timeout 40 python3 out/chain_probe.py $c 1024 8192 8192 2>&1 | grep -v "^[IW]11" | grep "OK\|Fatal\|Error" | head -2 | tee -a $OUT/chain_probe.log
  echo "calls=$c rc=${PIPESTATUS[0]}" | tee -a $OUT/chain_probe.log
done
