#!/bin/bash
# Session 38, call 10: stages / bands around the table's row tiles on DS_G16_m64_gu/masked and
# DS_G16_m32_dn/masked; one process per row, 2 rounds.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session38
timeout 200 python $R/masked_rows_configs.py $OUT DS_G16_m64_gu/masked 2 masked_gu_configs 2>&1 | grep -v "^[IW]11" | tee $OUT/masked_gu_configs.log
timeout 200 python $R/masked_rows_configs.py $OUT DS_G16_m32_dn/masked 2 masked_dn_configs 2>&1 | grep -v "^[IW]11" | tee $OUT/masked_dn_configs.log
