#!/bin/bash
# Needs fp8_promote_experiment_rebased.patch (this folder) applied.
# Session 40, call 11: is it the row-scale vector (ring -> WGMMA row layout -> broadcast) or any
# scale read from the ring: "rowscalar" multiplies the sums by one scalar read from the ring per
# step (wrong by design, unchecked), beside "const" and "rowonly" (run281).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
F=mosaic.FP8_PROMOTE
timeout 200 python $A $OUT rowscalar_g1 2 DS_G1_m1024_gu/fp8 table const=$F:const,check:false rowscalar=$F:rowscalar,check:false rowonly=$F:rowonly,check:false 2>&1 | grep -v "^[IW]11" | tee $OUT/rowscalar_g1.log
