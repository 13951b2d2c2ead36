#!/usr/bin/env bash
# Session 10: tp=4 on nvidia-h200-x4: fused GEMM+RS seed benchmark (results checked vs a float32
# dot before timing) + table rows, then the multi_gpu tests at tp=4.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader | head -4
timeout 230 python3 -m benchmarks.gemm_reduce_scatter --tp 4 --shapes seed --iters 10 --out $OUT \
  --fused_configs n256/s4/in,n128/s5/in --update-tuning 2>&1 | grep -v "^[IW]11" > $OUT/seed_tp4.log; echo "bench rc=$?"
cp jaxkern/tuning/nvidia_h200/gemm_reduce_scatter.json $OUT/ 2>/dev/null
grep "^|" $OUT/seed_tp4.log | head -20
timeout 170 python3 -m pytest -m multi_gpu -q tests/sharding/test_gemm_rs_fused.py 2>&1 | grep -v "^[IW]11" > $OUT/multi_gpu_tests_tp4.log; tail -4 $OUT/multi_gpu_tests_tp4.log
