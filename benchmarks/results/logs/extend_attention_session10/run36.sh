#!/usr/bin/env bash
# Session 10: extend-attention overlap A/B + GPU checks (overlap configs, the epilogue refactor of
# the grouped GEMM).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 260 python3 -m benchmarks.extend_attention_configs --shapes all --noxla --iters 10 --out $OUT \
  --only prefill_long,prefill_multi,chunk_32x512_p0,chunk_16x1024_p0,chunk_32x512_p512,verify_chat,hd128_prefill_long,hd128_chunk_8x1024_p1024,hd128_verify_4k \
  --configs global/c2/kv64/s2/x1,global/c2/kv128/s2/x1,sequence/c1/kv64/s2/x1,sequence/c1/kv64/s3/x1 \
  2>&1 | grep -v "^[IW]11" > $OUT/overlap_ab.log; echo "ab rc=$?"
grep "|" $OUT/overlap_ab.log | head -80
timeout 120 python3 -m pytest -m gpu -q -x tests/gpu/test_gpu_ops.py -k "kernel_configs_mixed_batch or cost_order_hd256" 2>&1 | grep -v "^[IW]11" > $OUT/attn_gpu_tests.log; tail -5 $OUT/attn_gpu_tests.log
timeout 200 python3 -m pytest -m gpu -q tests/gpu/test_gpu_ops.py -k "grouped_gemm_pallas and (DS_G4_m256 or Gm_decode or DS_prefill_G8)" 2>&1 | grep -v "^[IW]11" > $OUT/gg_gpu_tests.log; tail -5 $OUT/gg_gpu_tests.log
