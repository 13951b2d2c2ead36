#!/bin/bash
# Session 61, one H200 (repository root, `.peers` carried): Gm_decode_dn beside the peers, both
# layouts (run414's h200_next.sh was cut by its 300 s limit while timing it).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
with_peers
timeout 480 python3 -m benchmarks.grouped_gemm --only Gm_decode_dn --iters 20 --out $OUT/bench_dn \
  2>&1 | grep -Ev "$F" > $OUT/bench_dn.log
echo "rc ${PIPESTATUS[0]}"
tail -4 $OUT/bench_dn.log
