#!/bin/bash
# Session 17: attention GPU tests with persistent configs; head_dim 128 beside the peers.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 300 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (kernel_configs or cost_order or mixed_batch or peers_shapes) and not plans" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention.log
timeout 250 python -m benchmarks.extend_attention --shapes hd128 --page_sizes 16 --iters 20 --out $OUT/hd128 2>&1 | grep -v "^[IW]11" | tail -25 | tee $OUT/attn_hd128.log
