#!/bin/bash
# Session 32, call 1: narrow loads A/B (ab_narrow.py), verify_burst's consumer timeline with
# them (extend_attention_session22/profile_verify.py), GPU tests on verify / decode shapes.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session32
P=benchmarks/results/logs/extend_attention_session22
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 200 python $E/ab_narrow.py $OUT verify_burst,verify_chat 3 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_narrow.log
mkdir -p $OUT/b; timeout 150 python $E/ab_narrow.py $OUT/b hd128_verify_4k,hd128_decode_8k,verify_summ 1 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_narrow_b.log
timeout 80 python $P/profile_verify.py $OUT verify_burst 2>&1 | grep -v "^[IW]11" | grep -v "warn" | tee $OUT/profile_verify.log
timeout 150 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (verify or decode or mix_4dec1k_pre128)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention.log
