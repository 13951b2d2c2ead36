#!/bin/bash
# Session 20, call 3: a narrow last column tile (N = 1408: 5.5 tiles of 256) run as its first
# column piece vs whole, with deferred stores on, (and narrow without deferral), on the four
# N = 1408 rows; 2 rounds interleaved. Then the group-tile GPU tests (final code) on every
# multi-group shape.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session20
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $OUT/smi.log
timeout 300 python $D/ab_deferred.py $OUT Gm_prefill_gu,Gm_prefill_gu/swiglu,Gm_decode_gu,Gm_decode_gu/swiglu \
  2 10,11,01 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_narrow.log
timeout 260 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -x -k "group_tiles" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests.log
