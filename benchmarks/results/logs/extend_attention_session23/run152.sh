#!/bin/bash
# Session 23, call 6: extend blocks first (kept): the verify rows beside the peers on the H200
# (page sizes 16 and 1), then the mixed-batch kernel-config GPU tests on per-sequence tiles.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
nvidia-smi --query-gpu=name --format=csv,noheader
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 400 python -m benchmarks.extend_attention --shapes seed --only verify_burst,verify_chat,verify_summ --page_sizes 16,1 --iters 20 --out $OUT/seed 2>&1 | grep -v "^[IW]11" | tail -20 | tee $OUT/seed_verify.log
timeout 150 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention and (kernel_configs_mixed_batch or mixed_batch_plans)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_mixed.log
