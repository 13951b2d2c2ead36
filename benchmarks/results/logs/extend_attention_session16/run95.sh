#!/bin/bash
# Session 16: integer-bound mask: second A/B round (windows included) and the attention GPU tests.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 150 python out/ab_exp2.py $OUT _INT_MASK hd128_prefill_long,prefill_long,verify_summ,hd128_verify_w1024,hd128_chunk_8x1024_p1024 2 10 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_intmask2.log
timeout 330 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (kernel_configs or cost_order or mixed_batch or peers_shapes) and not plans" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention.log
