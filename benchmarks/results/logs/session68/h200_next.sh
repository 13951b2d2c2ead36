#!/bin/bash
# Written in session 68, not yet run: one H200 (repository root, `.peers` carried), about 3
# minutes. The public op on DS_G1_m1024_dn beside the peers (lax.ragged_dot, ragged_dot_mgpu,
# tokamax) now that the H200 table picks the kernel there (run461: 128 x 256 group tiles 46.6 us
# against lax.ragged_dot's 47.8 in one process), 3 benchmark runs, to replace its record
# (`_report.replace_records`), which is still our XLA path's.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
with_peers
for i in 1 2 3; do
  timeout 150 python3 -m benchmarks.grouped_gemm --only DS_G1_m1024_dn --layouts contiguous \
    --iters 20 --out $OUT/bench$i 2>&1 | grep -Ev "$F" > $OUT/bench$i.log
  echo "bench$i rc ${PIPESTATUS[0]}"
  grep -E "^\| DS_G1" $OUT/bench$i.log
done
