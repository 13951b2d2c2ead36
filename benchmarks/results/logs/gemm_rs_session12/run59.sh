#!/usr/bin/env bash
# Session 12 (issue 5): part of the tp=2 sweep, N = K = 4096 (M 256..16384) and the N = K = 8192 rows
# not yet measured; --update-tuning merges rows by key.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW]11'
nvidia-smi topo -m | head -4 > $OUT/topo.txt
timeout 470 python -m benchmarks.gemm_reduce_scatter --tp 2 --shapes sweep --update-tuning --out $OUT/rs \
  --only M256_N4096_K4096,M512_N4096_K4096,M1024_N4096_K4096,M2048_N4096_K4096,M4096_N4096_K4096,M8192_N4096_K4096,M16384_N4096_K4096,M512_N8192_K8192,M2048_N8192_K8192,M4096_N8192_K8192,M16384_N8192_K8192 \
  2>&1 | grep -v "$F" | grep -v "^ \|^For simp\|^---" | tee $OUT/rs_sweep_tp2.log | grep "tp=2\|wrote"
cp jaxkern/tuning/nvidia_h200/gemm_reduce_scatter.json $OUT/
