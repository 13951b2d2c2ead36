#!/bin/bash
# Session 71, call 5 (one H200, repository root, about 4 minutes). run476 timed the exact starts
# on Gemma's prefill rows, then DS_G16_m64_gu/fp8's exact-start build stopped at an illegal
# instruction and took the process down. Exact starts are now for 16-bit operands only.
# 1. A/B, one process, 2 rounds, checked: the bf16 decode rows with row stores.
# 2. GPU tests: group tiles with row stores (and swizzled) on every PEERS.md §3 shape of several
#    groups, and the public op (the table's configs) on every shape, 6 processes.
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
date +%T
bash $ab 100 exact_decode16 2 Gm_decode_dn,DS_G16_m32_dn table "old=support.EXACT_STARTS:false"
date +%T
python3 -m pip install -q --no-index --no-deps --target /tmp/xdist .peers/xdist/*.whl > /dev/null 2>&1
PYTHONPATH=$PWD:$PWD/tests:/tmp/xdist XLA_PYTHON_CLIENT_MEM_FRACTION=0.15 timeout 140 \
  python3 -m pytest -v -n 6 -m gpu -p no:cacheprovider tests/gpu/test_gpu_ops.py \
  -k "pallas_group_tiles or grouped_gemm_peers_shapes" 2>&1 | grep -Ev '^[IW][0-9]{4}' > $OUT/gpu_tests.log
echo "gpu tests rc ${PIPESTATUS[0]}"
grep -cE "PASSED" $OUT/gpu_tests.log; grep -E "FAILED|ERROR|passed|failed" $OUT/gpu_tests.log | cut -c1-200 | tail -12
date +%T
