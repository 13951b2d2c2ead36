#!/bin/bash
# Session 33, call 3: the masked decode rows' column tiles again (ab_decode_configs.py, 2 rounds
# on Gm_decode_dn/masked; 1 round of 64 x 128, 6 stages on Gm_decode_gu/masked), then the public
# op's Gm_decode_dn/masked beside cuBLAS batched with the table row now 64 x 128, 6 stages.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session33
nvidia-smi --query-gpu=name --format=csv,noheader
mkdir -p $OUT/dn $OUT/gu
timeout 230 python $R/ab_decode_configs.py $OUT/dn 2 n256s4b2,n128s6b2,n128s5b2,n128s6b1 Gm_decode_dn/masked 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_decode_dn.log
timeout 100 python $R/ab_decode_configs.py $OUT/gu 1 table,n128s6b8 Gm_decode_gu/masked 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_decode_gu.log
timeout 150 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 --only Gm_decode_dn --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -6 | tee $OUT/masked_public.log
