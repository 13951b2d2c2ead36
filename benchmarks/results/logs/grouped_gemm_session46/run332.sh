#!/bin/bash
# Session 46, call 5: DS_G16_m64_gu/fp8's step profile at the table's 5 stages and at 4
# (session 39's profile_fp8.py with its stages argument; as run, a copy of it,
# profile_stages.py, since folded into it), to see whether the consumers wait for data or for
# themselves.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
for s in 5 4; do
  mkdir -p $OUT/s$s
  timeout 200 python benchmarks/results/logs/grouped_gemm_session39/profile_fp8.py $OUT/s$s DS_G16_m64_gu/fp8 1500 $s 2>&1 | grep -v "^[IW]11" | grep -v warn | tee $OUT/profile_s$s.log
done
rm -rf $OUT/s*/prof_*
