#!/bin/bash
# Session 69, call 5 (one H200, repository root, the device time left, ~6 minutes): the kernel
# with 64 x 128 row tiles (6 stages) on every PEERS.md §3 shape, contiguous and (the masked
# shapes) masked with NaN past masked_m against the float32 reference: the deal that snakes the
# last round applies to every masked one of them (M_max > 64).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
timeout 330 python3 -m pytest -v -m gpu -p no:cacheprovider tests/gpu/test_gpu_ops.py -k \
  "pallas_peers_shapes and block_m=64" 2>&1 | grep -Ev "$F" | grep -E "PASS|FAIL|ERROR|passed|failed" | cut -c1-160
