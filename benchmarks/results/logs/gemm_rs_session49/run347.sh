#!/usr/bin/env bash
# Session 49 (issue 5), second call, on the kept code (a padded, b read past its end): the
# multi_gpu tests of partial K shards at tp = 4; the fused kernel (n256/s4/in and /d) beside the
# unfused path as it is and with its dot giving bf16 itself (run346's CUPTI split showed XLA's
# cuBLAS dot writing float32 and a separate 128 us convert kernel at K = 29568, tp = 4).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW][0-9]{4}'
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
timeout 180 python3 -m pytest -m multi_gpu -v tests/sharding/test_gemm_rs_fused.py \
  -k "4128 or 1056x4032x4160 or 8192x8192x29568" 2>&1 | grep -Ev "$F" > $OUT/tests_tp4.log
grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/tests_tp4.log | sed 's/.*test_gemm_rs_fused.py:://' | cut -c1-90
AB=benchmarks/results/logs/gemm_rs_session49/ab_swizzle.py
run() { timeout $1 python3 $AB $2 $3 $4 --out $OUT/$5 2>&1 | grep -Ev "$F" | tee -a $OUT/ab.log | grep "^tp=\|Error\|error" | cut -c1-230; }
run 160 8192,8192,29568 4 unfused,unfused_bf16,auto,auto_d,unfused,auto k29568_tp4
run 120 8192,8192,29568 2 unfused,unfused_bf16,auto_d,unfused_bf16 k29568_tp2
run 60 8192,8192,8192 4 unfused,unfused_bf16,unfused k8192_tp4
