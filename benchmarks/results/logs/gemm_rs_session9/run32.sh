#!/usr/bin/env bash
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 270 python3 -m benchmarks.gemm_reduce_scatter --tp 2 --shapes seed --iters 10 --out $OUT \
  --fused_configs n256/s3/f32,n256/s3/in,n256/s4/in,n128/s4/f32,n128/s5/in 2>&1 | grep -v "^[IW]11" | tail -50 | tee $OUT/bench_seed_tp2_configs.log
timeout 270 python3 -m pytest -m multi_gpu -q -p no:cacheprovider tests/sharding/test_gemm_rs_fused.py 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/multi_gpu_tests.log
