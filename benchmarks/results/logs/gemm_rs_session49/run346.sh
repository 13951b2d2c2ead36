#!/usr/bin/env bash
# Session 49 (issue 5), first call: a K shard of no whole 64-column steps without padded copies
# (_mgpu.k_swizzle). A/B in one process per (shape, tp): the committed kernel (auto) against
# session 48's padded operands and a-only padding at K/tp = 7392, and the 64-byte swizzle forced
# where 128 fits (what it costs). Then the multi_gpu tests of every swizzle at tp = 4, -v.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW][0-9]{4}'
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
AB=benchmarks/results/logs/gemm_rs_session49/ab_swizzle.py
run() { timeout $1 python3 $AB $2 $3 $4 --out $OUT/$5 2>&1 | grep -Ev "$F" | tee -a $OUT/ab.log | grep "^tp=\|Error\|error" | cut -c1-230; }
run 170 8192,8192,29568 4 unfused,pad_both,pad_a,auto,pad_both,auto k29568_tp4
run 110 8192,8192,29568 2 unfused,auto,sw64,auto k29568_tp2
run 90 8192,8192,8192 4 unfused,auto,sw64,auto k8192_tp4
timeout 200 python3 -m pytest -m multi_gpu -v tests/sharding/test_gemm_rs_fused.py \
  -k "4128 or 1056x4032x4160 or 8192x8192x29568" 2>&1 | grep -Ev "$F" > $OUT/tests_tp4.log
grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/tests_tp4.log | sed 's/.*test_gemm_rs_fused.py:://' | cut -c1-90
