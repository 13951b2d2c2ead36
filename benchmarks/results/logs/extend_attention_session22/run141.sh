#!/bin/bash
# Session 22, call 4: masked staging A/B (ab_masked.py), then verify_burst's profile with it.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session22
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $OUT/smi.log
timeout 90 python $E/profile_verify.py $OUT verify_burst 2>&1 | grep -v "^[IW]11" | grep -v "warn" | tee $OUT/profile_verify.log
timeout 400 python $E/ab_masked.py $OUT verify_burst,verify_chat,hd128_verify_4k,hd128_decode_8k 2 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_masked.log
