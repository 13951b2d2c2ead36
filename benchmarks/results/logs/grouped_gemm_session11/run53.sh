#!/usr/bin/env bash
# Session 11: fp8 kernel with K steps in pairs (step 2j promoted while 2j + 1 runs): tests on all
# fp8 shapes, then configs vs the fp8 XLA path (--update-tuning; kept only if faster).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
timeout 240 python -m pytest -q -x -m gpu tests/gpu/test_gpu_ops.py -k "pallas_fp8 or test_grouped_gemm_fp8" 2>&1 | grep -v "$F" | grep -v "^  \|^$" | tail -12 | tee $OUT/fp8_pairs_tests.log
grep -q " passed" $OUT/fp8_pairs_tests.log && ! grep -q "failed" $OUT/fp8_pairs_tests.log || exit 0
timeout 300 python -m benchmarks.grouped_gemm_configs --fp8 --layouts contiguous,masked --iters 10 --update-tuning --out $OUT/fp8 2>&1 | grep -v "$F" | grep -v "^ \|^For simp\|^---" | tee $OUT/fp8_pairs_configs.log | grep "|"
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
