#!/bin/bash
# Review of session 38, call 1: the Gemma prefill table rows of session 38 against the rows they
# replaced, with JSON kept for every timed variant (run262's down-projection JSON was lost to the
# script's limit): Gm_prefill_dn band 2 (table) vs band 8, 3 rounds; Gm_prefill_gu 128 x 128 / 5
# stages (table) vs 128 x 192 / 4 stages, 2 rounds; one process per row.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
A=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 170 python $A $OUT gm_dn_bands 3 Gm_prefill_dn table b8=band:8 2>&1 | grep -v "^[IW]11" | tee $OUT/gm_dn_bands.log
timeout 150 python $A $OUT gm_gu_tiles 2 Gm_prefill_gu table 192s4b1=block_n:192,num_stages:4,band:1 2>&1 | grep -v "^[IW]11" | tee $OUT/gm_gu_tiles.log
