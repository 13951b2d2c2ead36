#!/bin/bash
# Session 45, call 3: chunked prefill without a prefix (chunk_16x1024_p0 ran 1.001x cuDNN in
# run252's public op): the table's config against overlap, the cost / position
# orders and non-persistent launches, checked, 2 rounds; chunk_32x512_p0 beside it.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
E=benchmarks/results/logs/extend_attention_session45
timeout 420 python $E/ab_configs.py $OUT chunk_p0 2 chunk_16x1024_p0,chunk_32x512_p0 table \
  ov=overlap:true cost=tile_order:cost pos=tile_order:position \
  np=persistent_ctas:0 ovpos=overlap:true,tile_order:position 2>&1 | grep -v "^[IW]11" \
  | tee $OUT/chunk_p0.log
