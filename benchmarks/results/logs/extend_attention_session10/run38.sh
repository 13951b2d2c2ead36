#!/usr/bin/env bash
# Session 10: iota arrays made where used (register pressure): ptxas + A/B vs run36/37.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
MOSAIC_GPU_DUMP_PTXAS=1 timeout 90 python3 out/ptxas_attn.py > $OUT/ptxas.log 2>&1
grep "===\|Used\|spill" $OUT/ptxas.log | grep -v warning | head -30
timeout 330 python3 -m benchmarks.extend_attention_configs --shapes all --noxla --iters 10 --out $OUT \
  --only prefill_long,chunk_32x512_p0,verify_chat,hd128_prefill_long,hd128_chunk_8x1024_p1024,hd128_verify_4k \
  --configs global/c2/kv64/s2/x1,global/c2/kv128/s2/x1,sequence/c1/kv64/s2/x1,sequence/c1/kv64/s3/x1 \
  2>&1 | grep -v "^[IW]11" > $OUT/iota_ab.log; echo "ab rc=$?"
grep "|" $OUT/iota_ab.log | grep -v "sequence/c1/kv64/s2/x1 *|" | grep -v "cost" | head -40
