#!/bin/bash
# Session 45, call 7: hd128_decode_8k (0.98x cuDNN in run325) with deeper K/V rings: 64-key
# blocks with 4 and 5 stages, 128-key blocks with 3, against the table's 64 x 3; checked, 2 rounds.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session45
timeout 280 python $E/ab_configs.py $OUT decode_stages 2 hd128_decode_8k table \
  s4=num_stages:4 s5=num_stages:5 kv128s3=block_kv:128,num_stages:3 2>&1 | grep -v "^[IW]11" \
  | tee $OUT/decode_stages.log
