#!/bin/bash
# Session 17: persistent CTAs with the list-schedule deal vs one CTA per item; GPU tests after it.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/out:$PWD/tests
timeout 300 python out/ab_pers.py $OUT chunk_32x512_p0,chunk_16x1024_p0,chunk_8x512_p0,prefill_multi,prefill_long,hd128_prefill_long 2 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_persistent_deal.log
timeout 250 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (kernel_configs or cost_order or chunk or prefill_multi) and not plans" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention_deal.log
