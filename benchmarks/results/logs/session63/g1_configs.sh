#!/bin/bash
# Session 63, one H200 (repository root): DS_G1_m1024_dn's candidates now that one contiguous
# group also gets 128 x 256 group tiles (run429: 45.6-45.8 us against 48.7-49.0 on row tiles),
# beside our XLA path (lax.ragged_dot: cuBLAS's dot and a select, 45.4 in the table), then the
# fastest with bands 1 and 2 and exact lhs boxes; --update-tuning writes the row to $OUT only
# (session 53's `configs`), for benchmarks.merge_tuning if the kernel leads.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
configs g1_dn 400 --only DS_G1_m1024_dn --layouts contiguous --iters 20
grep -E "DS_G1_m1024_dn" $OUT/g1_dn.log | cut -c1-150
