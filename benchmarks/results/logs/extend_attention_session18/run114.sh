#!/bin/bash
# Session 18: final code (deal on the persistent items' costs): attention GPU tests, then the prefix-free chunks and hd128 prefill beside the peers.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 230 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (kernel_configs or cost_order or chunk or prefill or mixed_batch) and not plans" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention_final.log
timeout 200 python -m benchmarks.extend_attention --shapes seed --only chunk_8x512_p0,chunk_16x1024_p0,chunk_32x512_p0 --page_sizes 16,1 --iters 20 --out $OUT/seed 2>&1 | grep -v "^[IW]11" | tail -12 | tee $OUT/seed_chunks_final.log
timeout 140 python -m benchmarks.extend_attention --shapes hd128 --only hd128_prefill_long --page_sizes 16 --iters 20 --out $OUT/hd128 2>&1 | grep -v "^[IW]11" | tail -8 | tee $OUT/attn_hd128_final.log
