#!/bin/bash
# Session 39, call 4: the fp8 promotion's cost (full / prescale checked, add /
# skip ablations unchecked) on DS_G1_m1024_gu/fp8 and DS_prefill_G16_M16384_gu/fp8.
# Needs fp8_promote_experiment.patch applied. (As run, at e44ca13, this called the session's
# own ab_promote.py, since folded into ab_configs.py's "mosaic.FLAG" and "check:false" keys:
# the same variants, "full" being "table" here.)
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
F=mosaic.FP8_PROMOTE
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
mkdir -p $OUT/g1 $OUT/ds
timeout 150 python $A $OUT/g1 ab_promote 2 DS_G1_m1024_gu/fp8 table prescale=$F:prescale add=$F:add,check:false skip=$F:skip,check:false 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_promote_g1.log
timeout 200 python $A $OUT/ds ab_promote 1 DS_prefill_G16_M16384_gu/fp8 table prescale=$F:prescale add=$F:add,check:false skip=$F:skip,check:false 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_promote_ds.log
