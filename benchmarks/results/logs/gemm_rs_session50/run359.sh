#!/usr/bin/env bash
# Session 50 (issue 5): after run358, the tp 4 sweep shapes whose fused / unfused ratio was within
# 0.85-1.15 in session 49's sweep (where the pick may flip), the unfused path beside the fused
# kernel with spread pushes (n256/s4/in/d only: faster than n256/s4/in by 6-12% (wall) on all four bar
# rows of run358), rows of the H100 table replaced (--update-tuning merges by key). No tests.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW][0-9]{4}'
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
ONLY=M1024_N4096_K4096,M1024_N8192_K29568,M1024_N8192_K8192,M16384_N4096_K4096,M2048_N4096_K4096,M2048_N8192_K29568,M2048_N8192_K8192,M4096_N4096_K2048,M4096_N4096_K4096,M4096_N4096_K8192,M4096_N8192_K29568,M8192_N4096_K4096
timeout ${LIMIT:-330} python3 -m benchmarks.gemm_reduce_scatter --tp 4 --shapes sweep --only $ONLY \
  --update-tuning --fused_configs n256/s4/in/d --iters 10 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
for d in jaxkern/tuning/nvidia_*; do cp $d/gemm_reduce_scatter.json $OUT/$(basename $d)_gemm_rs.json 2>/dev/null; done
grep "^tp=" $OUT/bench.log | sed 's/jaxkern://' | awk '{print $1,$2,$3,$5,$7,$9}'
tail -2 $OUT/bench.log
