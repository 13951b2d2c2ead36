#!/bin/bash
# Needs fp8_promote_experiment_rebased.patch (this folder: session 39's fp8_promote_experiment.patch
# on the current kernel) applied.
# Session 40, call 9: what of the promotion costs: "add" (the sums without scales, wrong by design,
# unchecked: the same waits, no multiplies) and "prescale" (the scale products formed before the
# wgmma is awaited; checked) against the table.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
F=mosaic.FP8_PROMOTE
timeout 200 python $A $OUT parts_g1 2 DS_G1_m1024_gu/fp8 table add=$F:add,check:false prescale=$F:prescale 2>&1 | grep -v "^[IW]11" | tee $OUT/parts_g1.log
timeout 170 python $A $OUT parts_ds 1 DS_prefill_G16_M16384_gu/fp8 table add=$F:add,check:false prescale=$F:prescale 2>&1 | grep -v "^[IW]11" | tee $OUT/parts_ds.log
