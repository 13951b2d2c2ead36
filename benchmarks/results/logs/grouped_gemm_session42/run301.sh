#!/bin/bash
# Session 42, call 9: DS_G16_m64_gu/fp8's public op with its new table row (5 stages) beside
# ragged_dot_mgpu fp8 (.peers carried; the record replaces run297's), then its masked form's
# table config (128 x 128 row tiles, 4 stages) against 5 stages, checked, one process.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
bash benchmarks/install_peers.sh > /dev/null 2>&1
PYTHONPATH=$PWD:$PWD/tests:/tmp/peers timeout 200 python -m benchmarks.grouped_gemm --layouts fp8 \
  --novariants --iters 20 --only DS_G16_m64_gu --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -5
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 200 cfg_g16m 2 \
  DS_G16_m64_gu/masked/fp8 table s5=num_stages:5
