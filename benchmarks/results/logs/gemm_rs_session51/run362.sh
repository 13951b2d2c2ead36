#!/usr/bin/env bash
# Session 51 (issue 5), second multi-GPU call (nvidia-h200-x4 asked again). On H200s: session
# 50's run358 as it is (multi_gpu tests at tp 4, the bar shapes at tp 4 and 2, H200 table rows
# replaced). On H100s: the 9 tp 4 rows of the H100 table still timed on session 49's kernel
# (`fused_timed`; unfused and n256/s4/in/d, rows replaced), then the multi_gpu tests at tp 2
# (CUDA_VISIBLE_DEVICES=0,1; run358's selection: partial tiles, partial K steps, the bar shape).
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "$gpu"
if [[ "$gpu" == *H200* ]]; then
  bash benchmarks/results/logs/gemm_rs_session50/run358.sh
  exit
fi
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW][0-9]{4}'
ONLY=M16384_N8192_K29568,M256_N8192_K29568,M512_N8192_K29568,M256_N4096_K4096,M512_N4096_K4096,M16384_N8192_K8192,M256_N8192_K8192,M4096_N8192_K8192,M512_N8192_K8192
timeout ${LIMIT:-250} python3 -m benchmarks.gemm_reduce_scatter --tp 4 --shapes sweep --only $ONLY \
  --update-tuning --fused_configs n256/s4/in/d --iters 10 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
for d in jaxkern/tuning/nvidia_*; do cp $d/gemm_reduce_scatter.json $OUT/$(basename $d)_gemm_rs.json 2>/dev/null; done
grep "^tp=" $OUT/bench.log | sed 's/jaxkern://' | awk '{print $1,$2,$3,$5,$7,$9}'
CUDA_VISIBLE_DEVICES=0,1 timeout ${TLIMIT:-200} python3 -m pytest -m multi_gpu -v tests/sharding/test_gemm_rs_fused.py \
  -k "4128 or 1056x4032x4160 or 8192x8192x29568" 2>&1 | grep -Ev "$F" > $OUT/tests_tp2.log
grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/tests_tp2.log | sed 's/.*test_gemm_rs_fused.py:://' | cut -c1-90
