#!/usr/bin/env bash
# Session 11: signals after adding a warpgroup barrier between the store wait and the consumers'
# barrier arrive (whichever thread issued the TMA stores): the 16 consumer tests, and the cost
# on the two short-K down projections.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
timeout 300 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "signals" 2>&1 | grep -v "$F" | tail -3 | tee $OUT/gg_signals_tests_wgsync.log
timeout 150 python -m benchmarks.grouped_gemm_configs --only DS_G1_m1024_dn,DS_G16_m32_dn --layouts masked --signals --nopeers --iters 10 --configs m128/n256/s4,m64/n256/s4 --out $OUT/sig 2>&1 | grep -v "$F" | grep " us \|failed" | tee $OUT/gg_signals_bench_wgsync.log
