#!/bin/bash
# Session 22, call 3 (code as committed before the session, plus named regions): verify_burst /
# verify_chat consumer profiles; the mixed-batch split test that failed in run139 (all three
# switches on), on this code, with its message.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session22
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $OUT/smi.log
timeout 150 python $E/profile_verify.py $OUT verify_burst,verify_chat 2>&1 | grep -v "^[IW]11" | tee $OUT/profile_verify.log
timeout 150 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -x -q -k "mixed_batch_plans and mix_4dec1k_pre128" 2>&1 | grep -v "^[IW]11" | tail -40 | tee $OUT/gpu_tests_mixed.log
