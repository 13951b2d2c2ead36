#!/usr/bin/env bash
# Session 10: overlap at head_dim 128 (A/B), ptxas reports, the full attention GPU suite.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
MOSAIC_GPU_DUMP_PTXAS=1 timeout 90 python3 out/ptxas_attn.py > $OUT/ptxas.log 2>&1
grep "===\|Used\|spill" $OUT/ptxas.log | head -30
timeout 200 python3 -m benchmarks.extend_attention_configs --shapes hd128 --noxla --iters 10 --out $OUT \
  --only hd128_prefill_long,hd128_chunk_8x1024_p1024,hd128_verify_4k \
  --configs global/c2/kv128/s2/x1,global/c2/kv64/s2/x1,sequence/c1/kv64/s3/x1,sequence/c1/kv64/s2/x1 \
  2>&1 | grep -v "^[IW]11" > $OUT/overlap_ab_hd128.log; echo "ab rc=$?"
grep "|" $OUT/overlap_ab_hd128.log | head -40
timeout 280 python3 -m pytest -m gpu -q tests/gpu/test_gpu_ops.py -k "extend_attention and not kernel_configs_mixed_batch and not cost_order_hd256" 2>&1 | grep -v "^[IW]11" > $OUT/attn_gpu_tests_all.log; tail -5 $OUT/attn_gpu_tests_all.log
