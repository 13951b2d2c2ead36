#!/usr/bin/env bash
# Session 51 (issue 5), last multi-GPU call (nvidia-h200-x4 asked again). On H200s: the bar
# shapes at tp 4 and 2 (unfused, n256/s4/in/d; H200 table rows replaced) after the multi_gpu
# tests of K = 29568 at tp 4. On H100s: chain_length.py (wall vs span with 8 and 32 chained calls)
# on three short calls where wall and span disagree.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW][0-9]{4}'
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "$gpu"
if [[ "$gpu" == *H200* ]]; then
  timeout 120 python3 -m pytest -m multi_gpu -v tests/sharding/test_gemm_rs_fused.py \
    -k "8192x8192x29568" 2>&1 | grep -Ev "$F" > $OUT/tests_tp4.log
  grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/tests_tp4.log | sed 's/.*test_gemm_rs_fused.py:://' | cut -c1-90
  timeout 260 python3 -m benchmarks.gemm_reduce_scatter --tp 4,2 --shapes sweep \
    --only M8192_N8192_K8192,M8192_N8192_K29568 --update-tuning \
    --fused_configs n256/s4/in/d --iters 10 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
  for d in jaxkern/tuning/nvidia_*; do cp $d/gemm_reduce_scatter.json $OUT/$(basename $d)_gemm_rs.json 2>/dev/null; done
  grep "^tp=" $OUT/bench.log | sed 's/jaxkern://' | awk '{print $1,$2,$3,$5,$7,$9}'
  exit
fi
timeout 200 python3 benchmarks/results/logs/gemm_rs_session51/chain_length.py $OUT \
  "512,8192,8192,2;2048,8192,8192,4;256,4096,4096,4" 2>&1 | grep -Ev "$F" | tee $OUT/chain_length.log
