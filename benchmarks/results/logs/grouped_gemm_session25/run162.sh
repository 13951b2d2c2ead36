#!/bin/bash
# Session 25, call 8: band 8 vs 1 on the rows run161's time limit left out.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
L=benchmarks/results/logs/grouped_gemm_session25
timeout 380 python $L/ab_band.py $OUT 2 8,1 \
  DS_G4_m256_gu,DS_G4_m256_dn,DS_prefill_G8_M8192_gu,DS_prefill_G16_M16384_dn,DS_prefill_G16_M16384_gu 2>&1 \
  | grep -v "^[IW]11" | tee $OUT/ab_band.log | tail -40
