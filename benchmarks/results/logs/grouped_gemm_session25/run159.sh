#!/bin/bash
# Session 25, call 5: decode rows with the table config's band 8 vs band 1 / 2 (unit order).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
L=benchmarks/results/logs/grouped_gemm_session25
timeout 420 python $L/ab_band.py $OUT 2 8,1,2 \
  DS_G16_m32_dn,Gm_decode_dn,Gm_decode_gu,DS_G16_m64_gu,Gm_decode_dn/masked,DS_G16_m32_dn/masked 2>&1 \
  | grep -v "^[IW]11" | tee $OUT/ab_band.log | tail -40
