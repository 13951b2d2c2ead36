#!/bin/bash
# Needs fp8_promote_experiment_rebased.patch (this folder) applied.
# Session 40, call 12: "early": the row scales read from the ring before the step's wgmma is issued (checked),
# against the table (which reads them after the issue, while the wgmma runs).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
F=mosaic.FP8_PROMOTE
timeout 150 python $A $OUT early_g1 2 DS_G1_m1024_gu/fp8 table early=$F:early 2>&1 | grep -v "^[IW]11" | tee $OUT/early_g1.log
