#!/bin/bash
# Session 23, call 4: extend-blocks-first A/B (ab_ext_first.py), verify_burst's profile with it,
# then the attention GPU tests on per-sequence tiles.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session23
P=benchmarks/results/logs/extend_attention_session22
timeout 230 python $E/ab_ext_first.py $OUT verify_burst,verify_chat 2 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_ext_first.log
mkdir -p $OUT/b; timeout 110 python $E/ab_ext_first.py $OUT/b verify_summ,hd128_decode_8k 1 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_ext_first_b.log
timeout 80 python $P/profile_verify.py $OUT verify_burst 2>&1 | grep -v "^[IW]11" | grep -v "warn" | tee $OUT/profile_verify.log
timeout 150 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (verify or decode or mix_4dec1k_pre128)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention.log
