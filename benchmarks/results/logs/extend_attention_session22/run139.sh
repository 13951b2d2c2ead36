#!/bin/bash
# Session 22, call 2: direct output stores, read-ahead pages, short query boxes: A/B on the verify / decode shapes and a profile of
# verify_burst's consumer (first and last variant); then the attention GPU tests on sequence tiles.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session22
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $OUT/smi.log
timeout 330 python $E/ab_short.py $OUT verify_burst,verify_chat,verify_summ,hd128_verify_4k,hd128_decode_8k 2 --profile 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_short.log
timeout 200 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (verify or decode or mixed_batch)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention.log
