#!/usr/bin/env bash
# Session 51 (issue 5), run365: on run364's warm 4 x H100 machine, the multi_gpu tests at tp 4 not
# in run358's selection: every candidate config on the seed shape (4096 x 4096 x 8192) and the 24
# chained calls without a sync (M = 256 and the seed shape), on session 50's kernel (the spread).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1 PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
timeout 200 python3 -m pytest -m multi_gpu -v tests/sharding/test_gemm_rs_fused.py -k "chained or 4096x4096x8192" 2>&1 \
  | grep -Ev '^[IW][0-9]{4}' > $OUT/tests_tp4_chained.log
grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/tests_tp4_chained.log | sed 's/.*test_gemm_rs_fused.py:://' | cut -c1-100
