#!/bin/bash
# Session 21, call 4: L1 prefetch of the next unit's plan scalars on/off (same module), then the
# half-tile GPU tests of the spread stores (run129 ran out of time before them).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session21
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $OUT/smi.log
timeout 300 python $D/ab_l1.py $OUT Gm_prefill_dn,Gm_decode_dn,DS_prefill_G16_M16384_dn 2 \
  2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_l1.log
timeout 230 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "half_tiles" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests.log
