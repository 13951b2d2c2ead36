#!/bin/bash
# Session 27, call 1 (H200): fp8 prefill rows, configs x the fp8 group-tile features (ab_fp8.py).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
B=benchmarks/results/logs/grouped_gemm_session27
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm --format=csv
timeout 560 python $B/ab_fp8.py $OUT 2 table:old,r192,g192,g128:old,g128,g128s5,g128b1,n256:old,n256 DS_prefill_G16_M16384_gu/fp8,Gm_prefill_gu/fp8 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_fp8_run172.log
