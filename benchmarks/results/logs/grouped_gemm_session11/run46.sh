#!/usr/bin/env bash
# Session 11: grouped GEMM completion signals on the H200 (tests + cost), grouped GEMM tests after
# the launch moved to pl.kernel, and attention producer A/B: pre-review (5d3964d) vs 7d84be6.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
timeout 300 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "signals" 2>&1 | grep -v "$F" | tail -25 | tee $OUT/gg_signals_tests.log
timeout 150 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "grouped_gemm_pallas_peers_shapes and (DS_G4_m256_dn or Gm_decode_gu or DS_prefill_G8)" 2>&1 | grep -v "$F" | tail -5 | tee $OUT/gg_tests.log
timeout 200 python -m benchmarks.grouped_gemm_configs --layouts masked --signals --nopeers --iters 10 --configs m128/n256/s4,m64/n256/s4 --out $OUT/sig 2>&1 | grep -v "$F" | grep "us \|failed" | tee $OUT/gg_signals_bench.log
