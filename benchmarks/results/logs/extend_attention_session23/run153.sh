#!/bin/bash
# Session 23, call 7 (same lease as run152, typed as the call's command): the mixed-batch GPU
# tests run152 did not reach (two plan shapes, the kernel-config tests).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1 PYTHONPATH=$PWD:$PWD/tests; timeout 270 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (kernel_configs_mixed_batch or (mixed_batch_plans and not mix_32dec4k_pre512 and not mix_4dec1k_pre128 and not mix_32ver4_1k_chunk1k and not mix_128dec2k_chunk256 and not mix_32dec4k_pre4k))" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_mixed2.log
