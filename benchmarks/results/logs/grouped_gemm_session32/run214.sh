#!/bin/bash
# Session 32, call 4: the fp8 stream-K GPU tests (every fp8 shape, contiguous and masked, both
# partial layouts), then the masked fp8 rows' configs with the stream-K candidates
# (--update-tuning; the table's row-tile config in the same process).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 330 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "fp8_stream_k" 2>&1 | grep -E "PASSED|FAILED|ERROR|passed|failed|Error|assert" | tee $OUT/gpu_tests_fp8_sk.log
timeout 240 python -m benchmarks.grouped_gemm_configs --fp8 --rhs_layout nk --layouts masked --nopeers --bands= --only DS_G1_m1024_gu,DS_G4_m256_gu --configs sk,m128/n192/s4/m/b8/k128 --iters 10 --update-tuning --out $OUT/configs 2>&1 | grep -v "^[IW]11" | tail -16 | tee $OUT/fp8_sk_masked_configs.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
