#!/bin/bash
# Session 46, call 7: the public op on Gm_prefill_gu/fp8 with the table's new row (128 x 128
# group tiles, 5 stages) beside the peers (fp8 family), 20 iterations.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
mkdir -p $OUT/p
timeout 500 python -m benchmarks.grouped_gemm --layouts fp8 --novariants --iters 20 --only Gm_prefill_gu --out $OUT/p 2>&1 | grep -v "^[IW]11" | tee $OUT/public_run334.log
