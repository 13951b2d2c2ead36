#!/bin/bash
# Session 42, call 5: the fp8 public op (the kernel with the scales read a step ahead, the only
# form now) on every fp8 PEERS.md §3 row beside JAX's ragged_dot_mgpu on fp8 (.peers carried),
# checked, one process; its records replace the fp8 rows' in benchmarks/results/h200/grouped_gemm.json.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
timeout 500 python -m benchmarks.grouped_gemm --layouts fp8 --novariants --iters 20 \
  --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -25
