#!/usr/bin/env bash
# Session 11: after the fp8 scale-block clamp and the _masked_lhs test helper: fp8 kernel tests on
# Gm_prefill (N = 1408: a last tile past N) and DS_G16 (masked), the public fp8 op (now the kernel
# by the table), and one bf16 masked peers-shape test.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
timeout 300 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "(pallas_fp8 and (Gm_prefill or DS_G16)) or test_grouped_gemm_fp8 or (pallas_peers_shapes and DS_G16_m32_dn)" 2>&1 | grep -v "$F" | grep -v "^  \|^$" | tail -8 | tee $OUT/fp8_tests_after_fix.log
