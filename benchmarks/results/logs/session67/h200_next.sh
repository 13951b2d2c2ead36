#!/bin/bash
# Written in session 67, not yet run: for the next one-H200 call (repository root), about 9
# minutes (the 380 s test limit may cut the last tests). stream_lhs.py: does multicasting the fp8
# decode row's lhs boxes within clusters of 2 CTAs (in-cluster TMA multicast, not NVLink
# multicast) take back what its lhs loads cost? Then the GPU tests session 67 left: the fp8
# deferred row stores test's other cases, the N-edge test's three t128 cases and Gm_decode_dn's
# group-tiles test.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
timeout 150 python3 -m benchmarks.results.logs.session67.stream_lhs $OUT/stream_lhs.json 2>&1 \
  | grep -Ev "$F" | tee $OUT/stream_lhs.log
timeout 380 python3 -m pytest -m gpu -v --tb=short tests/gpu/test_gpu_ops.py -k \
  "(fp8_deferred_row_stores and not (128x128 and (DS_G16_m64_gu or DS_G4_m256_gu))) or (n_edge_k_major and not t8192) or (group_tiles and Gm_decode_dn)" \
  2>&1 | grep -Ev "$F" > $OUT/gpu_tests.log
grep -E "PASSED|FAILED|^E |passed|failed" $OUT/gpu_tests.log | head -30
