#!/usr/bin/env bash
# Session 11: attention producer A/B in one process each: pre-review (5d3964d) vs review (7d84be6).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
A="--shapes all --noxla --iters 10 --only prefill_long,chunk_32x512_p0,hd128_prefill_long,verify_chat --configs global/c2/kv64/s2/x1,global/c2/kv128/s2/x1/ov,sequence/c1/kv64/s2/x1"
cp pallas_kernels/extend_attention/mosaic.py /tmp/new_mosaic.py
for v in new old new old; do
  if [ $v = old ]; then cp out/attn_mosaic_pre_review.py pallas_kernels/extend_attention/mosaic.py; else cp /tmp/new_mosaic.py pallas_kernels/extend_attention/mosaic.py; fi
  timeout 100 python -m benchmarks.extend_attention_configs $A --out $OUT/ab_$v 2>&1 | grep -v "$F" | grep "|" | grep -v "cost\|sequence/c1/kv64/s2/x1/ov\|^shape\|---" | sed "s/^/$v /" | tee -a $OUT/producer_ab.log
done
cp /tmp/new_mosaic.py pallas_kernels/extend_attention/mosaic.py
