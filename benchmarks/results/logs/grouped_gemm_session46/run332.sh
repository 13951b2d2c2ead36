#!/bin/bash
# Session 46, call 5: DS_G16_m64_gu/fp8's step profile at the table's 5 stages and at 4
# (profile_stages.py), to see whether the consumers wait for data or for themselves.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
for s in 5 4; do
  timeout 200 python benchmarks/results/logs/grouped_gemm_session46/profile_stages.py $OUT DS_G16_m64_gu/fp8 $s 1500 2>&1 | grep -v "^[IW]11" | grep -v warn | tee $OUT/profile_s$s.log
done
