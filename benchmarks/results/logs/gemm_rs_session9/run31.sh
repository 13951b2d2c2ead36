#!/usr/bin/env bash
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv | tail -2
(timeout 150 python3 out/rs_smoke.py 1024 4096 4096 2>&1 | grep -v "^[IW]11" | tail -60) | tee $OUT/smoke.log
grep -q "second call rel err" $OUT/smoke.log || exit 3
timeout 240 python3 -m pytest -m multi_gpu -q -x -p no:cacheprovider tests/sharding/test_gemm_rs_fused.py 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/multi_gpu_tests.log
timeout 150 python3 -m benchmarks.gemm_reduce_scatter --tp 2 --shapes seed --iters 10 --out $OUT 2>&1 | grep -v "^[IW]11" | tail -30 | tee $OUT/bench_seed_tp2.log
