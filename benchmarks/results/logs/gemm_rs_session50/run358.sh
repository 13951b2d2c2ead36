#!/usr/bin/env bash
# Session 50 (issue 5): the fused kernel with its deferred pushes spread over the next unit
# (push_spacing): its multi_gpu tests at tp 4 (the partial-tile, partial-K-step and bar shapes,
# as session 49's run347), then issue 5's bar shapes at tp 4 and 2 beside the unfused path, both
# fused forms, rows of the H100 table replaced (--update-tuning merges by key).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW][0-9]{4}'
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
timeout ${TLIMIT:-200} python3 -m pytest -m multi_gpu -v tests/sharding/test_gemm_rs_fused.py \
  -k "4128 or 1056x4032x4160 or 8192x8192x29568" 2>&1 | grep -Ev "$F" > $OUT/tests_tp4.log
grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/tests_tp4.log | sed 's/.*test_gemm_rs_fused.py:://' | cut -c1-90
timeout ${LIMIT:-330} python3 -m benchmarks.gemm_reduce_scatter --tp ${TP:-4,2} --shapes sweep \
  --only ${ONLY:-M8192_N8192_K8192,M8192_N8192_K29568} --update-tuning \
  --fused_configs n256/s4/in,n256/s4/in/d --iters 10 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
for d in jaxkern/tuning/nvidia_*; do cp $d/gemm_reduce_scatter.json $OUT/$(basename $d)_gemm_rs.json 2>/dev/null; done
grep "^tp=" $OUT/bench.log | sed 's/jaxkern://' | awk '{print $1,$2,$3,$5,$7,$9}'
tail -3 $OUT/bench.log
