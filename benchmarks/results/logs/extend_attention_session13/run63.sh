#!/bin/bash
# Session 13: GPU tests of the position order, then a re-tune of the c2/kv64/s2 family
# (index / cost / position x overlap) on the multi-sequence prefill shapes.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 150 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -q -x -k "kernel_configs_mixed or cost_order_hd256" 2>&1 | grep -v "^[IW]11" | tail -3 | tee $OUT/gpu_tests.log
timeout 420 python -m benchmarks.extend_attention_configs --shapes seed --only prefill_multi,chunk_8x512_p0,chunk_8x512_p512,chunk_16x1024_p0,chunk_32x512_p0,chunk_32x512_p512,chunk_16x1024_p1024 --configs global/c2/kv64/s2/ --noxla --update-tuning --iters 20 --out $OUT 2>&1 | grep -v "^[IW]11" | tee $OUT/retune.log
cp jaxkern/tuning/nvidia_h200/extend_attention.json $OUT/
