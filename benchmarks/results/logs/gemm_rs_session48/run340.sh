#!/usr/bin/env bash
# Session 48 (issue 5), first call on the 4-GPU machine: the deferred pushes checked against
# the float32 reference and the unfused path at tp = 4 (multi_gpu tests, incl. 24 chained calls),
# then an A/B of the fused configs with and without deferred pushes on the two bar shapes and
# the seed's M4096_N4096_K8192 at tp 4 and 2 (one process, each result checked before timing).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
F='^[IW][0-9]{4}'
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv,noheader
nvidia-smi topo -m | head -6 > $OUT/topo.txt
timeout 170 python3 -m pytest -m multi_gpu -q tests/sharding/test_gemm_rs_fused.py \
  -k "in/d or in4d" 2>&1 | grep -Ev "$F" > $OUT/tests_deferred_tp4.log
tail -3 $OUT/tests_deferred_tp4.log
timeout 360 python3 -m benchmarks.gemm_reduce_scatter --tp 4,2 --shapes seed \
  --only M8192_N8192_K8192,M8192_N8192_K29568,M4096_N4096_K8192 \
  --fused_configs n256/s4/in,n256/s4/in/d,n128/s5/in,n128/s5/in/d --iters 10 --out $OUT/ab \
  2>&1 | grep -Ev "$F" > $OUT/ab.log
grep "^tp=" $OUT/ab.log | sed 's/jaxkern://; s/ us (cupti/ (cupti/'
