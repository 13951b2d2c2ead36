#!/usr/bin/env bash
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
timeout 540 python3 -m benchmarks.gemm_reduce_scatter --tp 2 --shapes sweep --iters 10 --out $OUT \
  --fused_configs n256/s4/in,n128/s5/in --update-tuning 2>&1 | grep -v "^[IW]11" | tee $OUT/sweep_tp2.log | grep -v "^ \|^---\|^For simp" | tail -40
cp jaxkern/tuning/nvidia_h200/gemm_reduce_scatter.json $OUT/ 2>/dev/null
