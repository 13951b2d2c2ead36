#!/usr/bin/env bash
# Session 48 (issue 5), second call: the sweep (23 shapes) at tp 4, then tp 2, unfused vs the
# fused n128/s5/in (run340's fastest or level on all 6 (shape, tp)), table rows written after every
# shape (--update-tuning); each record also has the CUPTI kernel time and the profiler span.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW][0-9]{4}'
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
timeout 540 python3 -m benchmarks.gemm_reduce_scatter --tp 4,2 --shapes sweep --update-tuning \
  --fused_configs n128/s5/in --iters 10 --out $OUT/sweep 2>&1 | grep -Ev "$F" > $OUT/sweep.log
for d in jaxkern/tuning/nvidia_*; do cp $d/gemm_reduce_scatter.json $OUT/$(basename $d)_gemm_rs.json 2>/dev/null; done
grep "^tp=" $OUT/sweep.log | sed 's/jaxkern://' | awk '{print $1,$2,$3,$5,$7,$9}'
