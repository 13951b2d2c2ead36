#!/bin/bash
# Needs fp8_promote_experiment_rebased.patch (this folder: session 39's fp8_promote_experiment.patch
# on the current kernel) applied.
# Session 40, call 10: "const" (the sums times a constant: no scale loads) and "rowonly" (times the
# lhs row scales only: no block-scale loads), both wrong by design, unchecked, against the
# table and "add".
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
F=mosaic.FP8_PROMOTE
timeout 200 python $A $OUT scales_g1 2 DS_G1_m1024_gu/fp8 table add=$F:add,check:false const=$F:const,check:false rowonly=$F:rowonly,check:false 2>&1 | grep -v "^[IW]11" | tee $OUT/scales_g1.log
timeout 170 python $A $OUT scales_ds 1 DS_prefill_G16_M16384_gu/fp8 table add=$F:add,check:false const=$F:const,check:false rowonly=$F:rowonly,check:false 2>&1 | grep -v "^[IW]11" | tee $OUT/scales_ds.log
