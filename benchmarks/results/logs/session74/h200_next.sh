#!/bin/bash
# Session 74, ready for the next H200 call (not run; one H200, repository root, `.peers`
# carried, about 5 minutes). DS_prefill_G16_M16384_dn's table row took band 16 in session 74
# (A/B kernel 645.0-650.0 us against band 8's 649.3-654.5, run489-490), but its record (654.4
# us, run484) is band 8's: the public op beside the peers on the new row, with gate/up beside it
# (the 730 bar, met by 0.1% in run484 and missed by run488's slower machine). A merge step
# then puts them in with `put_records(..., keep_xla_variants=True)`, as session 73's did.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
with_peers
timeout 400 python3 -m benchmarks.grouped_gemm --novariants --iters 20 --out $OUT/prefill \
  --only DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn --layouts contiguous 2>&1 \
  | grep -Ev "$F" > $OUT/prefill.log
echo "prefill rc ${PIPESTATUS[0]}"
grep -E "^\| (DS|Gm)" $OUT/prefill.log
cp $OUT/prefill/*/grouped_gemm.json $OUT/prefill.json 2>/dev/null; rm -rf $OUT/prefill
date +%T
