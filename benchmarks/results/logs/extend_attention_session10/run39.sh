#!/usr/bin/env bash
# Session 10: re-tune the prefill shapes with the overlap configs (kernel only; XLA times kept).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 560 python3 -m benchmarks.extend_attention_configs --shapes seed --noxla --iters 10 --out $OUT --update-tuning \
  --only prefill_long,prefill_chat,prefill_multi,chunk_8x512_p0,chunk_8x512_p512,chunk_16x1024_p0,chunk_16x1024_p1024,chunk_32x512_p0,chunk_32x512_p512 \
  --configs global/c2/kv64/s2/x1,global/c2/kv128/s2/x1,sequence/c1/kv64/s2/x1 \
  2>&1 | grep -v "^[IW]11" > $OUT/tune_prefill.log; echo "rc=$?"
grep "|" $OUT/tune_prefill.log | head -100
cp jaxkern/tuning/nvidia_h200/extend_attention.json $OUT/
