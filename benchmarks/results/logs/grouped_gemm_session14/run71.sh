#!/bin/bash
# Session 14 B: column clip of the ragged direct stores; GPU tests of group tiles / SwiGLU; the
# configs of the prefill shapes and Gm_decode_gu, table updated.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 200 python -m pytest -m gpu tests/gpu/test_gpu_ops.py -q -k "group_tiles or pallas_swiglu" 2>&1 | grep -v "^[IW]11" | tail -6 | tee $OUT/gpu_tests.log
timeout 380 python -m benchmarks.grouped_gemm_configs --layouts contiguous --nopeers --iters 10 \
  --only Gm_decode_gu,DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn,Gm_prefill_gu,Gm_prefill_dn \
  --configs groups,m128/n256/s4/m/b8,m128/n128/s4 --update-tuning --out $OUT/cfg 2>&1 | grep -v "^[IW]11" | tail -45 | tee $OUT/configs_prefill.log
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/
