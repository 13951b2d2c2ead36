#!/bin/bash
# Session 34, call 5: the masked DeepSeek decode rows (0.98-0.99x of cuBLAS batched in run224)
# on 64 x 128 row tiles with 4-5 stages (not tried on these rows since the partial lhs loads)
# against the table's configs, one process, 2 rounds (session 33's ab_decode_configs.py).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 420 python benchmarks/results/logs/grouped_gemm_session33/ab_decode_configs.py $OUT 2 table,n128s5b2,n128s5b8,n128s4b2 DS_G16_m32_dn/masked,DS_G16_m64_gu/masked 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_masked_ds.log
