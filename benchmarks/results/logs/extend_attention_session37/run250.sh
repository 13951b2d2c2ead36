#!/bin/bash
# Session 37, call 3 (run250): ab_flags.py unmask (base vs unmask vs unmask + bounded boxes) on
# verify_burst; GPU tests of the attention verify / decode / mixed shapes.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session37
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader
timeout 250 python $E/ab_flags.py $OUT verify_burst 3 unmask 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_unmask.log
timeout 250 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -q -k "extend_attention and (verify or decode or mix_4dec1k_pre128 or mixed_batch)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention.log
