#!/usr/bin/env bash
# Session 12 (issue 5): the tp=2 sweep's (N, K) = (8192, 29568) rows, and the two 1.15x-bar shapes again.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
timeout 330 python -m benchmarks.gemm_reduce_scatter --tp 2 --shapes sweep --update-tuning --out $OUT/rs \
  --only M256_N8192_K29568,M512_N8192_K29568,M1024_N8192_K29568,M2048_N8192_K29568,M4096_N8192_K29568,M16384_N8192_K29568,M8192_N8192_K29568,M8192_N8192_K8192 \
  2>&1 | grep -v "$F" | grep -v "^ \|^For simp\|^---" | tee $OUT/rs_sweep_tp2_k29568.log | grep "tp=2\|wrote"
cp jaxkern/tuning/nvidia_h200/gemm_reduce_scatter.json $OUT/
