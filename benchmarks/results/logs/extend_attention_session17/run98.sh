#!/bin/bash
# Session 17: L2-bytes ablation of the attention step loop (halfkv) and one TMA box per extend block.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/out:$PWD/tests
timeout 420 python out/ablate_kv.py $OUT prefill_long,chunk_16x1024_p0,chunk_32x512_p0,hd128_prefill_long 10 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/ablate_kv.log
