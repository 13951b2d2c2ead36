#!/bin/bash
# Session 26, call 2 (H200): swapped tiles with P's column sums by wgmma and a larger reduction
# scratch (each switch apart), profiles of verify_burst's variants; head_dim 128 verify/decode.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session26
mkdir -p $OUT/a $OUT/b
timeout 240 python $E/ab_swap.py $OUT/a verify_burst 2 T,T+red+s0,T+s0,T+red 1 2>&1 | grep -v "^[IW]11" | grep -v warn | tee $OUT/ab_swap_a.log
timeout 220 python $E/ab_swap.py $OUT/b hd128_verify_4k,hd128_decode_8k,verify_chat 1 T,T:64,T+red+s0 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_swap_b.log
