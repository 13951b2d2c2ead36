#!/usr/bin/env bash
# Session 12: fp8 consumers taking turns (ping-pong): A/B vs not (same process, alternating), then
# the fp8 kernel GPU tests with it on.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
timeout 300 python out/fp8_ab.py 2>&1 | grep -v "$F" | tee $OUT/fp8_pingpong_ab.log | grep -v "^ \|^$" | tail -40
timeout 240 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "pallas_fp8" 2>&1 | grep -v "$F" | grep -v "^  \|^$" | tail -25 | tee $OUT/fp8_pingpong_tests.log
