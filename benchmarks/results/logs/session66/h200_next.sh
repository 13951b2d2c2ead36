#!/bin/bash
# Written in session 66, not yet run: for the next one-GPU call on an H200 (repository root),
# about 10 minutes. The N-edge GPU test without its row-stores config (run448 stopped at it: row
# stores do not lower there on jax 0.11, and the kernel now refuses them), the group-tiles test
# of Gm_decode_dn that run448's limit cut, then segment_stores="rows" on two rows session 65's
# run446 limits cut: DS_G16_m64_gu/fp8 (under issue 4's 4.0 TB/s) and Gm_prefill_dn.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
timeout 330 python3 -m pytest -m gpu -v --tb=short tests/gpu/test_gpu_ops.py \
  -k "n_edge_k_major or group_tiles and Gm_decode_dn" 2>&1 | grep -Ev "$F" > $OUT/gpu_tests.log
grep -E "PASSED|FAILED|^E " $OUT/gpu_tests.log | head -20
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 240 rows_rest 2 \
  DS_G16_m64_gu/fp8,Gm_prefill_dn table rows=segment_stores:rows
