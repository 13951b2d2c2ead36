#!/bin/bash
# Session 46, call 4: where DS_G16_m64_gu/fp8's consumer steps go (session 39's profile_fp8.py:
# wait_full / wait_mma / promote, the producer's wait_free; a 3-stage build, the profiler's
# buffer taking shared memory), beside the table's 5-stage kernel.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 300 python benchmarks/results/logs/grouped_gemm_session39/profile_fp8.py $OUT DS_G16_m64_gu/fp8 2000 2>&1 | grep -v "^[IW]11" | tee $OUT/profile_fp8_g16.log
