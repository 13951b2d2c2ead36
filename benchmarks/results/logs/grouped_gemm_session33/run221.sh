#!/bin/bash
# Session 33, call 5: 64 x 128 column tiles on the contiguous decode down rows (group tiles, 2
# rounds); GPU tests of the public op on the Gemma decode rows (masked with the new table rows);
# the public op's masked decode rows beside cuBLAS batched with the table as now committed.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
R=benchmarks/results/logs/grouped_gemm_session33
nvidia-smi --query-gpu=name --format=csv,noheader
mkdir -p $OUT/contig
timeout 150 python $R/ab_decode_configs.py $OUT/contig 2 table,g64n128s5b1,g64n128s6b1 Gm_decode_dn,DS_G16_m32_dn 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_decode_contig.log
timeout 150 python -m pytest -q -p no:cacheprovider tests/gpu/test_gpu_ops.py -m gpu -k "test_grouped_gemm_peers_shapes and Gm_decode" 2>&1 | grep -v "^[IW]11" | tail -6 | tee $OUT/gpu_tests.log
timeout 180 python -m benchmarks.grouped_gemm --layouts masked --novariants --iters 20 --only DS_G16_m32_dn,Gm_decode_dn,DS_G16_m64_gu,Gm_decode_gu --out $OUT/public 2>&1 | grep -v "^[IW]11" | tail -10 | tee $OUT/masked_public.log
