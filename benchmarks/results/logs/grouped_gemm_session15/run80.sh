#!/bin/bash
# Session 15, call 3: half tiles + tail column pieces + metadata as bare reductions.
# GPU tests (half tiles: 128x256 split rows, contiguous/SwiGLU/masked; group tiles: 64x256 split
# columns), then the configs of group tiles on all 11 multi-group shapes (kernel; tuning update).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests:/tmp/peers
bash benchmarks/install_peers.sh 2>&1 | tail -1
timeout 420 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -x -k "half_tiles or group_tiles" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests.log
timeout 150 python -m benchmarks.grouped_gemm_configs --layouts contiguous --configs groups --nopeers --iters 10 --update-tuning \
  --only DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,Gm_prefill_gu \
  --out $OUT/cfg 2>&1 | grep -v "^[IW]11" | tee $OUT/cfg_a.log | tail -14
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
