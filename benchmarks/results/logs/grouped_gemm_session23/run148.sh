#!/bin/bash
# Session 23, call 1: narrow last column tile A/B; half-tile GPU tests on the Gemma shapes
# (128 x 256 group tiles: Gm gu's last column tile narrow) and the group-tile tests on the
# session-22 review code (consume's spacing).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session23
timeout 250 python $D/ab_narrow.py $OUT Gm_prefill_gu,Gm_prefill_gu/swiglu 2 \
  2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_narrow.log
timeout 300 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "(half_tiles and Gm) or (group_tiles and (Gm_prefill or DS_prefill_G8))" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests.log
