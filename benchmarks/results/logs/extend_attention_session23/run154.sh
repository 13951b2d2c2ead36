#!/bin/bash
# Session 23, call 8: first prefix block's page entries loaded early (ab_spec_pages.py), with
# the verify / decode GPU tests on that code.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session23
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 170 python $E/ab_spec_pages.py $OUT verify_burst,verify_chat 2 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_spec_pages.log
timeout 100 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (verify or decode or mix_4dec1k_pre128)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_spec.log
