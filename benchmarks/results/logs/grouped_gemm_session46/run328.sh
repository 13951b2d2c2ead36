#!/bin/bash
# Session 46, call 1: stream_probe.py (DS_G16_m64_gu/fp8's weights streamed by a loads-only TMA
# ring: K-major boxes vs pre-tiled, with and without the lhs box, 5-10 stages, 132 / 128 CTAs),
# beside XLA summing them and the kernel itself.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem --format=csv
timeout 400 python benchmarks/results/logs/grouped_gemm_session46/stream_probe.py $OUT 2>&1 | grep -v "^[IW]11" | tee $OUT/stream_probe.log
