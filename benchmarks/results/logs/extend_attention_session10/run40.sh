#!/usr/bin/env bash
# Session 10: re-tune verify + head_dim 128 shapes with the overlap configs (kernel only).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 560 python3 -m benchmarks.extend_attention_configs --shapes all --noxla --iters 10 --out $OUT --update-tuning \
  --only verify_chat,verify_summ,verify_burst,hd128_prefill_long,hd128_chunk_8x1024_p1024,hd128_verify_4k,hd128_verify_w1024,hd128_decode_8k \
  --configs global/c2/kv64/s2/x1,global/c2/kv128/s2/x1,sequence/c1/kv64/s2/x1,sequence/c1/kv64/s3/x1,sequence/c1/kv128/s2/x1 \
  2>&1 | grep -v "^[IW]11" > $OUT/tune_verify_hd128.log; echo "rc=$?"
grep "|" $OUT/tune_verify_hd128.log | head -100
cp jaxkern/tuning/nvidia_h200/extend_attention.json $OUT/
