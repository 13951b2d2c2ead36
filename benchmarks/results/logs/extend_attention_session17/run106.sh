#!/bin/bash
# Session 17: global tiles' metadata as one XLA reduction (plan.global_tile_meta): GPU tests, then the chunks beside the peers.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 230 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (kernel_configs or cost_order or chunk or prefill or mixed_batch) and not plans" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention_meta.log
timeout 300 python -m benchmarks.extend_attention --shapes seed --only chunk_8x512_p0,chunk_8x512_p512,chunk_16x1024_p0,chunk_16x1024_p1024,chunk_32x512_p0,chunk_32x512_p512,prefill_multi --page_sizes 16 --iters 20 --out $OUT/meta 2>&1 | grep -v "^[IW]11" | tail -16 | tee $OUT/seed_meta.log
