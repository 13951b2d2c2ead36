#!/bin/bash
# Session 25, call 7: the table config's band 8 vs 4 / 16 / 1 on the prefill rows and DS_G4 (unit order).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
L=benchmarks/results/logs/grouped_gemm_session25
timeout 420 python $L/ab_band.py $OUT 2 8,4,16,1 \
  Gm_prefill_gu,Gm_prefill_dn,DS_G4_m256_gu,DS_G4_m256_dn,DS_prefill_G16_M16384_dn 2>&1 \
  | grep -v "^[IW]11" | tee $OUT/ab_band.log | tail -40
