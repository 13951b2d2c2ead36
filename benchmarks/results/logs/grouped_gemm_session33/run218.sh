#!/bin/bash
# Session 33, call 2: GPU tests of the masked row tiles reading masked_m (completion signals with
# a consumer in the same launch, the public op's masked rows, fp8 masked row tiles); then
# narrower column tiles with deeper rings on the masked decode down rows (ab_decode_configs.py).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session33
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 300 python -m pytest -q -p no:cacheprovider tests/gpu/test_gpu_ops.py -m gpu -k "(signals and (DS_G16_m32 or Gm_decode_dn)) or (test_grouped_gemm_peers_shapes and (DS_G16_m32 or Gm_decode))" 2>&1 | grep -v "^[IW]11" | tail -25 | tee $OUT/gpu_tests.log
timeout 250 python $R/ab_decode_configs.py $OUT 1 table,n128s6b2,n128s8b2,n128s8b4,n256s4b4 Gm_decode_dn/masked,DS_G16_m32_dn/masked 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_decode_configs.log
