#!/bin/bash
# Session 33, call 4: the masked decode rows' column tiles, 2 rounds each (ab_decode_configs.py):
# Gm_decode_dn/masked (64 x 128, 4-6 stages, bands 2 and 4), Gm_decode_gu/masked (the table's
# 64 x 256 vs 64 x 128 with 5 and 6 stages), DS_G16_m64_gu/masked (the table's 128 x 256, 3
# stages, vs 128 x 128 with 5 and 6 stages).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session33
nvidia-smi --query-gpu=name --format=csv,noheader
mkdir -p $OUT/dn $OUT/gu $OUT/ds
timeout 170 python $R/ab_decode_configs.py $OUT/dn 2 n128s4b2,n128s5b2,n128s5b4,n128s6b2 Gm_decode_dn/masked 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_decode_dn.log
timeout 150 python $R/ab_decode_configs.py $OUT/gu 2 table,n128s6b8,n128s5b8 Gm_decode_gu/masked 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_decode_gu.log
timeout 150 python $R/ab_decode_configs.py $OUT/ds 2 table,m128n128s6b8,m128n128s5b8 DS_G16_m64_gu/masked 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_decode_ds.log
