#!/bin/bash
# Session 35: Mosaic GPU profiles of the table's config and the swapped tiles (run236: swap 3x
# slower on the head_dim-128 verify rows, 0.5 us slower on verify_burst).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 400 python benchmarks/results/logs/extend_attention_session35/profile_swap.py $OUT verify_burst,hd128_verify_w1024 2>&1 | grep -v "^[IW]11" | grep -v "^ARG" | cut -c1-300 | tail -90 | tee $OUT/profile_swap.log
