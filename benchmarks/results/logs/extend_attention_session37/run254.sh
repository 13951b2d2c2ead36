#!/bin/bash
# Session 37, call 7 (run254): with run253's table (hd128 decode / verify_4k now kv64/s3/x1),
# the head_dim 128 verify / decode rows beside the peers again, and their GPU tests.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader
mkdir -p $OUT/hd128
timeout 200 python -m benchmarks.extend_attention --shapes hd128 --only hd128_verify_4k,hd128_verify_w1024,hd128_decode_8k --page_sizes 16 --iters 20 --out $OUT/hd128 2>&1 | grep -v "^[IW]11" | tail -12 | tee $OUT/bench_hd128.log
timeout 150 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention_peers_shapes and hd128 and (decode or verify)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_hd128.log
