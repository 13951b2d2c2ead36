#!/bin/bash
# Session 26, call 1 (H200): swapped-operand tiles A/B against the table's config, then their
# GPU tests.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session26
mkdir -p $OUT/a $OUT/b
timeout 130 python $E/ab_swap.py $OUT/a verify_burst 2 16,8 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_swap_a.log
timeout 200 python $E/ab_swap.py $OUT/b verify_chat,hd128_decode_8k,hd128_verify_4k 2 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_swap_b.log
timeout 230 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "swapped_tiles or (kernel_configs_mixed_batch and swap)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_swap.log
