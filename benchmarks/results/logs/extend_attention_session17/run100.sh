#!/bin/bash
# Session 17: persistent global tiles (132 CTAs, items in the launch order, next Q after the store) A/B.
# (The build it timed had the persistent launch behind a module switch, _PERSISTENT; the committed
# kernel takes ExtendAttentionPallasConfig(persistent_ctas=...) instead, same kernel code.)
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/out:$PWD/tests
timeout 330 python out/ab_exp2.py $OUT _PERSISTENT=0,132 chunk_32x512_p0,chunk_16x1024_p0,chunk_8x512_p0,prefill_multi,chunk_32x512_p512,prefill_long,hd128_chunk_8x1024_p1024 2 10 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_persistent.log
timeout 120 python out/ab_exp2.py $OUT _PERSISTENT=0,132 chunk_32x512_p0,chunk_16x1024_p0,chunk_8x512_p0 1 10 --ov 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ab_persistent_ov.log
