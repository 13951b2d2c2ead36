#!/bin/bash
# Session 26, call 7 (H200): narrow last column tile x unit-order band on the Gemma gate/up rows.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
G=benchmarks/results/logs/grouped_gemm_session26
mkdir -p $OUT/a $OUT/b
timeout 260 python $G/ab_narrow_band.py $OUT/a 2 0:1,1:1,1:8,0:8,1:4 Gm_prefill_gu 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_narrow_band_a.log
timeout 200 python $G/ab_narrow_band.py $OUT/b 1 0:8,1:8,1:4,0:1,1:1 Gm_prefill_gu/swiglu,Gm_decode_gu 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_narrow_band_b.log
