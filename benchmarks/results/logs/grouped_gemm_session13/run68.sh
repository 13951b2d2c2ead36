#!/bin/bash
# Session 13 review: attention GPU tests with the final position order; the one-group grouped
# GEMM rows through the public op beside the peers after the table re-tune.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 200 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -q -k "kernel_configs_mixed or cost_order_hd256" 2>&1 | grep -v "^[IW]11" | tail -3 | tee $OUT/gpu_tests.log
timeout 300 python -m benchmarks.grouped_gemm --only DS_G1_m1024_gu,DS_G1_m1024_dn --layouts contiguous --iters 20 --out $OUT/gg 2>&1 | grep -v "^[IW]11" | tail -20 | tee $OUT/gg_g1.log
