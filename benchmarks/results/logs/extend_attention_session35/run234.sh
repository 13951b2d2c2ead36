#!/bin/bash
# Session 35: the swapped-operand pieces (S^T = K Q^T with the queries on N, column softmax,
# P^T stored transposed into a 128B-swizzled buffer by hand, O^T = V^T P^T) against numpy.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
for r in 16 32 64; do python benchmarks/results/logs/extend_attention_session35/swap_probe.py $r run 2>&1 | tail -2; done | tee $OUT/swap_probe.log
