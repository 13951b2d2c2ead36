#!/bin/bash
# Session 37, call 4 (run251): ab_flags.py unmask on the other staged verify / decode shapes; GPU tests
# of the verify / decode peer shapes and the mixed batches (run250's -q test log came back empty:
# its 31 tests ran past the call's timeout with no summary line).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session37
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader
timeout 230 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "(extend_attention_peers_shapes and (verify or decode)) or test_extend_attention_mixed_batch_plans and mix_4dec1k or test_extend_attention_mixed_batch_plans and mix_32ver4 or (test_extend_attention_mixed_batch and not plans) or (kernel_configs_mixed and sequence)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_attention.log
timeout 330 python $E/ab_flags.py $OUT verify_chat,hd128_verify_4k,hd128_verify_w1024,hd128_decode_8k 1 unmask 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_unmask_b.log
