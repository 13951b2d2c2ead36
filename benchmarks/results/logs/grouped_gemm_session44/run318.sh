#!/bin/bash
# Session 44, call 7: the public op on DS_G16_m64_gu, contiguous and masked, with the tuning
# table's lhs_boxes="exact" (beside its peers, .peers carried), then the GPU tests of the exact
# boxes on every multi-group shape and the public op's DS_G16 rows.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > /dev/null 2>&1
PYTHONPATH=$PWD:$PWD/tests:/tmp/peers timeout 200 python -m benchmarks.grouped_gemm \
  --layouts contiguous,masked --novariants --iters 20 --only DS_G16_m64_gu \
  --out $OUT/public_run318/grouped_gemm 2>&1 | grep -v "^[IW]11" | tail -25
PYTHONPATH=$PWD:$PWD/tests timeout 330 python -m pytest -v -m gpu tests/gpu/test_gpu_ops.py \
  -k "exact_lhs_boxes or (test_grouped_gemm_peers_shapes and DS_G16_m64)" 2>&1 \
  | tee $OUT/gpu_tests_run318.log | grep -E "PASS|FAIL|ERROR|passed|failed" | tail -20
