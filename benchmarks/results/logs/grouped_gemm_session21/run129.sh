#!/bin/bash
# Session 21, call 3: GPU tests of the group-tile paths with the spread stores (64-row group
# tiles split by columns, 128-row tiles with half tiles, SwiGLU, masked), then the A/B of
# spread vs committed on the small rows, DeepSeek G8 gate/up and Gemma SwiGLU, 1 round.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session21
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $OUT/smi.log
timeout 200 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "group_tiles or half_tiles" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests.log
timeout 320 python $D/ab_spread.py $OUT DS_G16_m32_dn,Gm_decode_dn,DS_G4_m256_dn,DS_G4_m256_gu,Gm_decode_gu,DS_G16_m64_gu,DS_prefill_G8_M8192_gu,Gm_prefill_gu/swiglu 1 \
  2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_spread_small.log
