#!/bin/bash
# Session 71, ready for the next H200 calls (not run; `.peers` carried). Two calls of about 6
# minutes each: `STEPS=1 bash .../h200_next.sh`, then `STEPS=23 bash .../h200_next.sh`.
# 1. The GPU tests that run477's limit left out, on exact starts (16-bit row-store group tiles
#    start at their segment's first row): group tiles on every shape of several groups, the
#    public op on every shape, K-major N edges, SwiGLU, half tiles, and the fp8 kernel (its tile
#    rows now reach the lhs loads as multiples of 8 by a hint, not by a product with 8: only
#    interpret-tested and lowered since); 6 processes (what the limit leaves out: a DONE_LOG-style
#    rerun with the PASSED lines of this log).
# 2. Gemma's prefill down projection with row stores (exact starts) against its table config
#    (swizzled stores) and against row stores with the old starts, 3 rounds: run476 had one
#    round, 404.8 against 409.3 us.
# 3. run476's illegal instruction on DS_G16_m64_gu/fp8 with exact starts: its two candidates
#    apart, each variant in a process of its own (an illegal instruction ends the process's CUDA
#    context): fp8's lhs through the untiled view at the old starts, then the exact starts (lhs
#    untiled, scales' TMA row at any offset). fp8_exact_experiment.patch adds both flags (off by
#    default); both variants export under jax 0.10.2 and 0.11.2 on CPU (AB_LOWER=1).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
STEPS=${STEPS:-123}
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
date +%T
if [[ $STEPS == *1* ]]; then
  python3 -m pip install -q --no-index --no-deps --target /tmp/xdist .peers/xdist/*.whl > /dev/null 2>&1
  PYTHONPATH=$PYTHONPATH:/tmp/xdist XLA_PYTHON_CLIENT_MEM_FRACTION=0.15 timeout 480 \
    python3 -m pytest -v -n 6 -m gpu -p no:cacheprovider tests/gpu/test_gpu_ops.py \
    -k "pallas_group_tiles or grouped_gemm_peers_shapes or n_edge_k_major or pallas_swiglu or half_tiles or pallas_fp8" \
    2>&1 | grep -Ev "$F" > $OUT/gpu_tests.log
  echo "gpu tests rc ${PIPESTATUS[0]}"
  grep -cE "PASSED" $OUT/gpu_tests.log
  grep -E "FAILED|ERROR|passed|failed" $OUT/gpu_tests.log | cut -c1-200 | tail -12
  date +%T
fi
if [[ $STEPS == *2* ]]; then
  bash $ab 200 exact_gm_dn 3 Gm_prefill_dn table "rows=segment_stores:rows" \
    "rowsold=segment_stores:rows,support.EXACT_STARTS:false"
  date +%T
fi
if [[ $STEPS == *3* ]]; then
  git apply benchmarks/results/logs/session71/fp8_exact_experiment.patch
  for v in "untiled=mosaic.FP8_UNTILED_LHS:true" "exact=support.EXACT_STARTS_FP8:true"; do
    bash $ab 90 fp8_${v%%=*} 1 DS_G16_m64_gu/fp8 table "$v"
  done
  git apply -R benchmarks/results/logs/session71/fp8_exact_experiment.patch
  date +%T
fi
