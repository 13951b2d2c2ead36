#!/bin/bash
# Session 16: deeper K/V rings for head_dim 128 verify/decode (per-sequence tiles), beside the table's picks.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 330 python -m benchmarks.extend_attention_configs --shapes hd128 --only hd128_decode_8k,hd128_verify_4k,hd128_verify_w1024 --noxla --update-tuning --iters 20 --out $OUT \
  --configs kv128/s3/x1,kv64/s4/x1,kv64/s6/x1,kv128/s2/x1,kv64/s2/x1,kv64/s3/x1 2>&1 | grep -v "^[IW]11" | grep -v "^    @" | tee $OUT/configs_hd128_rings.log
cp jaxkern/tuning/nvidia_h200/extend_attention.json $OUT/
