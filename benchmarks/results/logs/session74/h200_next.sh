#!/bin/bash
# Session 74, ready for the next H200 call (not run; one H200, repository root, `.peers`
# carried, about 8 minutes). First, issue 3: `ab_tail.py` here (the persistent deal with tails of
# up to two waves against one, on chunk_16x1024_p0 and chunk_32x512_p0; 3 rounds, ~3 minutes).
# Then issue 4: DS_prefill_G16_M16384_dn's table row took band 16 in session 74
# (A/B kernel 645.0-650.0 us against band 8's 649.3-654.5, run489-490), but its record (654.4
# us, run484) is band 8's: the public op beside the peers on the new row, with gate/up beside it
# (the 730 bar, met by 0.1% in run484 and missed by run488's slower machine). A merge step
# then puts them in with `put_records(..., keep_xla_variants=True)`, as session 73's did.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
date +%T
timeout 240 python benchmarks/results/logs/session74/ab_tail.py $OUT 2>&1 | grep -Ev "$F" \
  | tee $OUT/ab_tail.log | grep -E "^r[0-9]|Error|error" | cut -c1-160
date +%T
with_peers
timeout 300 python3 -m benchmarks.grouped_gemm --novariants --iters 20 --out $OUT/prefill \
  --only DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn --layouts contiguous 2>&1 \
  | grep -Ev "$F" > $OUT/prefill.log
echo "prefill rc ${PIPESTATUS[0]}"
grep -E "^\| (DS|Gm)" $OUT/prefill.log
cp $OUT/prefill/*/grouped_gemm.json $OUT/prefill.json 2>/dev/null; rm -rf $OUT/prefill
date +%T
