#!/bin/bash
# Session 26, call 8 (H200): the unit order's band (8 in the table, 1) on the SwiGLU gate/up rows
# whose plain rows took band 1 in session 25 (grouped_gemm_session25/ab_band.py).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
B=benchmarks/results/logs/grouped_gemm_session25
mkdir -p $OUT/a $OUT/b
timeout 150 python $B/ab_band.py $OUT/a 2 8,1 Gm_prefill_gu/swiglu 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_band_swiglu_a.log
timeout 200 python $B/ab_band.py $OUT/b 2 8,1 Gm_decode_gu/swiglu,DS_G16_m64_gu/swiglu,Gm_decode_gu/masked/swiglu 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_band_swiglu_b.log
