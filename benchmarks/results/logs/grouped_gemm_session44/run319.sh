#!/bin/bash
# Session 44, call 8: run318 again for its JSON (run318's --out folder was too deep to come
# back), then the three exact-box GPU tests run318's limit cut.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > /dev/null 2>&1
PYTHONPATH=$PWD:$PWD/tests:/tmp/peers timeout 200 python -m benchmarks.grouped_gemm \
  --layouts contiguous,masked --novariants --iters 20 --only DS_G16_m64_gu \
  --out $OUT/p 2>&1 | grep -v "^[IW]11" | tail -8
PYTHONPATH=$PWD:$PWD/tests timeout 160 python -m pytest -v -m gpu tests/gpu/test_gpu_ops.py \
  -k "exact_lhs_boxes and (Gm_prefill_dn or Gm_decode)" 2>&1 \
  | tee $OUT/gpu_tests_run319.log | grep -E "PASS|FAIL|ERROR|passed|failed" | tail -20
