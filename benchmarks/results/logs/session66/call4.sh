#!/bin/bash
# Session 66, fourth one-GPU call (`.peers` carried): Gm_decode_dn's public op beside the peers
# after merge_table.py gave its table row 64 x 256 group tiles with 4 stages (run450).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
with_peers
timeout 200 python3 -m benchmarks.grouped_gemm --only Gm_decode_dn --layouts contiguous \
  --iters 20 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
echo "bench rc ${PIPESTATUS[0]}"
grep -E "^\| Gm_decode_dn|auto" $OUT/bench.log | head
