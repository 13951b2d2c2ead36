#!/bin/bash
# Session 31, call 1 (H200): sk_exchange.py on the masked DS_G1 / DS_G4 gate/up rows: the
# working tree's stream-K (thread-interleaved partials, zero units on the idle CTAs) vs session
# 30's forms and vs stubbed exchanges, then the two main forms again (second round).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests MOSAIC_GPU_DUMP_PTXAS=1
D=benchmarks/results/logs/grouped_gemm_session31
mkdir -p $OUT/a $OUT/b
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 420 python $D/sk_exchange.py $OUT/a DS_G1_m1024_gu/masked,DS_G4_m256_gu/masked \
  sk,sk:flat,sk:oldzero,sk:old,sk-add,sk-all 1 > $OUT/a/full.log 2>&1
grep -v "^[IW]11" $OUT/a/full.log | grep -i -E "^r[01] |spill|Traceback|Error" | tee $OUT/sk_exchange_run205.log
timeout 150 python $D/sk_exchange.py $OUT/b DS_G1_m1024_gu/masked,DS_G4_m256_gu/masked \
  sk:old,sk 1 2>&1 | grep -v "^[IW]11" | grep -E "^r[01] |Traceback|Error" | tee $OUT/sk_exchange_b_run205.log
