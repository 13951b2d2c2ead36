#!/bin/bash
# Session 13: position order + L2 prefetch of the next CTA's rows: GPU tests, then A/B.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 200 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -q -x -k "kernel_configs_mixed or cost_order_hd256" 2>&1 | grep -v "^[IW]11" | tail -5 | tee $OUT/gpu_tests.log
timeout 370 python out/attn_exp.py $OUT chunk_32x512_p0,chunk_16x1024_p0,chunk_8x512_p0,chunk_8x512_p512 2>&1 | grep -v "^[IW]11" | tee $OUT/exp1.log
