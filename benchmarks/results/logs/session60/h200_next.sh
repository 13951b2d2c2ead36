#!/bin/bash
# Written in session 60, not yet run: for the next one-GPU call that lands on an H200 (repository
# root, `.peers` carried); prints the GPU's name and stops at once on any other kind.
# 1. Issue 4's open decode-size rows beside the peers (their committed H200 records are from session 46 or before):
#    DS_G16_m64_gu (fp8: 3.72 TB/s vs the 4.0 bar), DS_G16_m32_dn (masked 0.98x of cuBLAS
#    batched), Gm_decode_gu / Gm_decode_dn (masked rows writing zeros: 3.63-3.97 TB/s). Merge the
#    records with benchmarks._report.replace_records into benchmarks/results/h200/grouped_gemm.json.
# 2. Gm_prefill_dn's every candidate with the time left (session 60's run410 was cut before it):
#    --update-tuning keeps the run's own row in $OUT/gm_dn.tuning/ for
#    `python -m benchmarks.merge_tuning`.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
with_peers
timeout 300 python3 -m benchmarks.grouped_gemm --only DS_G16_m64_gu,DS_G16_m32_dn,Gm_decode_gu,Gm_decode_dn \
  --iters 20 --out $OUT/bench_decode 2>&1 | grep -Ev "$F" > $OUT/bench_decode.log
grep -E "^\|" $OUT/bench_decode.log
configs gm_dn $((580 - SECONDS)) --only Gm_prefill_dn --layouts contiguous
grep -E "^Gm_" $OUT/gm_dn.log | cut -c1-140
