#!/bin/bash
# Session 26, call 3 (H200): Mosaic GPU profiles (consumer regions) of the table's config and the
# swapped tile on verify_burst and hd128_verify_4k (no timing rounds).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session26
mkdir -p $OUT/a $OUT/b
timeout 200 python $E/ab_swap.py $OUT/a verify_burst 0 T 1 2>&1 | grep -v "^[IW]11" | grep -v warn | tee $OUT/profile_swap_a.log
timeout 200 python $E/ab_swap.py $OUT/b hd128_verify_4k 0 T 1 2>&1 | grep -v "^[IW]11" | grep -v warn | tee $OUT/profile_swap_b.log
