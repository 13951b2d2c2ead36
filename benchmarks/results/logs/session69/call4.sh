#!/bin/bash
# Session 69, call 4 (one H200, repository root, about 5 minutes). call3.sh's masked benchmark
# runs printed their tables but their JSONs did not come back (the device tool returns a
# limited number of files): the same two runs again, keeping only each run's JSON; then the GPU
# tests of the public op (the rule's pick: now the deal that snakes the last round) on the
# masked decode rows, zeros past masked_m checked, and invalid_rows="unwritten".
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
for i in 1 2; do
  timeout 120 python3 -m benchmarks.grouped_gemm --only DS_G16_m32_dn,Gm_decode_gu --layouts masked \
    --iters 20 --out $OUT/masked$i 2>&1 | grep -Ev "$F" > $OUT/masked$i.log
  echo "masked$i rc ${PIPESTATUS[0]}"
  grep -E "^\| (DS_G16_m32|Gm_decode)" $OUT/masked$i.log
  mv $OUT/masked$i/h200/grouped_gemm.json $OUT/masked$i.json && rm -rf $OUT/masked$i
done
date +%T
timeout 280 python3 -m pytest -q -m gpu -p no:cacheprovider tests/gpu/test_gpu_ops.py -k \
  "(test_grouped_gemm_peers_shapes or unwritten_invalid_rows) and (DS_G16_m32_dn or Gm_decode)" \
  2>&1 | grep -Ev "$F" | tail -15
date +%T
