#!/bin/bash
# Session 39, call 4: the fp8 promotion's cost (ab_promote.py: full / prescale checked, add /
# skip ablations unchecked) on DS_G1_m1024_gu/fp8 and DS_prefill_G16_M16384_gu/fp8.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
P=benchmarks/results/logs/grouped_gemm_session39/ab_promote.py
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
mkdir -p $OUT/g1 $OUT/ds
timeout 150 python $P $OUT/g1 2 DS_G1_m1024_gu/fp8 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_promote_g1.log
timeout 200 python $P $OUT/ds 1 DS_prefill_G16_M16384_gu/fp8 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_promote_ds.log
