#!/bin/bash
# Session 17: attention GPU tests with one TMA box per extend block; A/B of pingpong issue order.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/out:$PWD/tests
timeout 200 python out/ab_exp2.py $OUT _PINGPONG prefill_long,chunk_16x1024_p0,chunk_32x512_p0,hd128_prefill_long,chunk_16x1024_p1024 2 10 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_pingpong.log
timeout 90 python out/ab_exp2.py $OUT _PINGPONG chunk_16x1024_p0,chunk_32x512_p0 1 10 --ov 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_pingpong_ov.log
timeout 300 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (kernel_configs or cost_order or mixed_batch or peers_shapes) and not plans" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention.log
