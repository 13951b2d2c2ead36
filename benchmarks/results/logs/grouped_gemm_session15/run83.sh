#!/bin/bash
# Session 15, call 6 (final code: metadata offsets added to the first summed value, no concat):
# two GPU tests, then the public op beside the peers on the 11 multi-group shapes (contiguous).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 100 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -x -k "half_tiles and (DS_G16_m32_dn or Gm_decode_dn)" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests.log
timeout 240 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn,Gm_prefill_gu,Gm_prefill_dn \
  --out $OUT/gg1 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/gg_peers_prefill.log | tail -9
timeout 240 python -m benchmarks.grouped_gemm --layouts contiguous --novariants --iters 20 \
  --only DS_G4_m256_gu,DS_G4_m256_dn,DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn \
  --out $OUT/gg2 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/gg_peers_small.log | tail -10
