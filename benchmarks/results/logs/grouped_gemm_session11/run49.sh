#!/usr/bin/env bash
# Session 11: the fp8 (1D2D) grouped GEMM kernel's first H200 run: its tests on every fp8 shape,
# then bf16 kernel tests over the same source (out_dtype/fp8 plumbing) and two signal cases.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
timeout 330 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "pallas_fp8" 2>&1 | grep -v "$F" | grep -v "^  \|^$" | tail -40 | tee $OUT/fp8_tests.log
timeout 200 python -m pytest -q -m gpu tests/gpu/test_gpu_ops.py -k "(grouped_gemm_pallas_peers_shapes and (DS_G4_m256_dn or Gm_decode_gu)) or (swiglu and DS_G16) or (signals and DS_G16_m32_dn) or test_grouped_gemm_fp8" 2>&1 | grep -v "$F" | tail -5 | tee $OUT/gg_tests_after_fp8.log
