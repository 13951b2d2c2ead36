#!/bin/bash
# Session 15 review: GPU group-tile tests after the review (unit dealing computed once, bounds
# fallback through group_bounds), on the shapes with tail pieces and half tiles.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 200 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -x -k "half_tiles and (DS_prefill_G8 or DS_G4_m256_dn or Gm_decode_dn)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests.log
