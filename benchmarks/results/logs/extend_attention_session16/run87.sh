#!/bin/bash
# Session 16: paired global tiles / register-direct stores A/B (kernel + glue, CUPTI).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 420 python out/pairs_exp.py $OUT chunk_16x1024_p0,chunk_32x512_p0,chunk_8x512_p0,prefill_multi,chunk_32x512_p512,prefill_long,hd128_prefill_long,hd128_chunk_8x1024_p1024 10 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/pairs_exp.log
