#!/usr/bin/env bash
# Session 48 (issue 5), third call: run340's A/B again, now that a forced config is really run
# (jaxkern.rules.decide keeps a policy config when the caller names its impl; run340/341 timed
# the default n256/s4/in under every name). 5 shapes x tp 4, 2; table rows replaced for them.
# Then the multi_gpu tests (chained calls without a sync; every candidate on partial tiles), -v.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW][0-9]{4}'
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
timeout 300 python3 -m benchmarks.gemm_reduce_scatter --tp 4,2 --shapes sweep --update-tuning \
  --only M8192_N8192_K8192,M8192_N8192_K29568,M4096_N4096_K8192,M16384_N8192_K29568,M2048_N8192_K8192 \
  --fused_configs n256/s4/in,n256/s4/in/d,n128/s5/in,n128/s5/in/d --iters 10 --out $OUT/ab \
  2>&1 | grep -Ev "$F" > $OUT/ab.log
for d in jaxkern/tuning/nvidia_*; do cp $d/gemm_reduce_scatter.json $OUT/$(basename $d)_gemm_rs.json 2>/dev/null; done
grep "^tp=" $OUT/ab.log | sed 's/jaxkern://' | awk '{print $1,$2,$3,$5,$7,$9}'
timeout 230 python3 -m pytest -m multi_gpu -v tests/sharding/test_gemm_rs_fused.py \
  -k "chained or 1056x4032x4160" 2>&1 | grep -Ev "$F" > $OUT/tests_tp4.log
grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/tests_tp4.log | sed 's/.*test_gemm_rs_fused.py:://' | cut -c1-90
