#!/bin/bash
# Session 74, run489 (one H200, `.peers` carried), after run486-488 on one warm machine that ran
# DeepSeek bf16 gate/up prefill's table config 5% slower (kernel 1368.5-1371.9 µs) than
# session 73's run485 (1304.8-1305.4):
#  1. the GPU's clocks, power and throttle reasons sampled each second through the whole call
#     ($OUT/smi.csv), so a slow machine shows why;
#  2. the A/B run488's limit cut: DS_prefill_G16_M16384_dn, the table config against row stores
#     and bands 16 and 4 (2 rounds, one process, checked; the dry run in
#     session73/ds_prefill_lower.log);
#  3. chunk_16x1024_p0 beside the peers once more (ours led cuDNN 145.4 vs 145.8 in run486).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,power.limit,temperature.gpu,clocks_throttle_reasons.active \
  --format=csv -l 1 > $OUT/smi.csv 2>&1 &
smi=$!
date +%T
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 300 dsdn 2 \
  DS_prefill_G16_M16384_dn table "rows=segment_stores:rows" "b16=band:16" "b4=band:4"
date +%T
with_peers
timeout 150 python3 -m benchmarks.extend_attention --shapes seed --only chunk_16x1024_p0 --iters 20 \
  --out $OUT/attn 2>&1 | grep -Ev "$F" > $OUT/attn.log
echo "bench rc ${PIPESTATUS[0]}"
grep -E "^\| " $OUT/attn.log
cp $OUT/attn/*/extend_attention.json $OUT/attn.json 2>/dev/null; rm -rf $OUT/attn
kill $smi
date +%T
