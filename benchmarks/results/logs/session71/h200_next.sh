#!/bin/bash
# Session 71, ready for the next H200 call (not run; about 9 minutes, `.peers` carried).
# 1. The GPU tests that run477's limit left out, on exact starts (16-bit row-store group tiles
#    start at their segment's first row): group tiles on every shape of several groups, the
#    public op on every shape, K-major N edges, SwiGLU, half tiles, and the fp8 kernel (its tile
#    rows now reach the lhs loads as multiples of 8 by a hint, not by a product with 8: only
#    interpret-tested and lowered since); 6 processes (may need a second call).
# 2. Gemma's prefill down projection with row stores (exact starts) against its table config
#    (swizzled stores) and against row stores with the old starts, 3 rounds: run476 had one
#    round, 404.8 against 409.3 us.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
python3 -m pip install -q --no-index --no-deps --target /tmp/xdist .peers/xdist/*.whl > /dev/null 2>&1
PYTHONPATH=$PWD:$PWD/tests:/tmp/xdist XLA_PYTHON_CLIENT_MEM_FRACTION=0.15 timeout 330 \
  python3 -m pytest -v -n 6 -m gpu -p no:cacheprovider tests/gpu/test_gpu_ops.py \
  -k "pallas_group_tiles or grouped_gemm_peers_shapes or n_edge_k_major or pallas_swiglu or half_tiles or pallas_fp8" \
  2>&1 | grep -Ev "$F" > $OUT/gpu_tests.log
echo "gpu tests rc ${PIPESTATUS[0]}"
grep -cE "PASSED" $OUT/gpu_tests.log; grep -E "FAILED|ERROR|passed|failed" $OUT/gpu_tests.log | cut -c1-200 | tail -12
date +%T
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 200 exact_gm_dn 3 Gm_prefill_dn table \
  "rows=segment_stores:rows" "rowsold=segment_stores:rows,support.EXACT_STARTS:false"
date +%T
