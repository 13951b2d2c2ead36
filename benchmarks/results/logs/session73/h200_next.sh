#!/bin/bash
# Session 73, ready for the next H200 calls (not run; `.peers` carried; each call about 8-9
# minutes, the benchmark writing its JSON after every shape, so a cut keeps what it finished).
# Issue 3's table beside the peers again on the current kernel code: the extend attention records
# in benchmarks/results/h200/extend_attention.json are runs 103-325 (sessions 17-45), and
# session 73 re-timed the grouped GEMM rows whose records predated their code (one bar then
# held only at the edge, one missed). The kernel's last change (session 71's `q_lo * 0` for jax 0.11) passed
# the 43 attention GPU tests in run483. Two calls:
#   STEPS=1 bash .../h200_next.sh   # prefill and chunk rows, page sizes 16 and 1
#   STEPS=2 bash .../h200_next.sh   # the verify rows, page sizes 16 and 1
# and a third for issue 4, whose DeepSeek gate/up prefill holds its 730 bar by 0.1% (run484):
#   STEPS=3 bash .../h200_next.sh   # DS prefill gu / dn: the table config against row stores
#                                   # (never timed there) and bands 16 and 4 (only 1 and 8 were,
#                                   # session 25); one process, 2 rounds, checked (~8 minutes)
# Every STEPS=3 variant exports under jax 0.10.2 and 0.11.2 on CPU (ds_prefill_lower.log).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
step=${STEPS:-1}
date +%T
if [[ $step == 3 ]]; then
  bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 480 dsp2 2 \
    DS_prefill_G16_M16384_gu,DS_prefill_G16_M16384_dn table "rows=segment_stores:rows" \
    "b16=band:16" "b4=band:4"
  date +%T
  exit 0
fi
with_peers
case $step in
  1) only=prefill_long,prefill_chat,prefill_multi,chunk_8x512_p0,chunk_8x512_p512,chunk_16x1024_p0,chunk_16x1024_p1024,chunk_32x512_p0,chunk_32x512_p512 ;;
  2) only=verify_chat,verify_summ,verify_burst ;;
esac
timeout 540 python3 -m benchmarks.extend_attention --shapes seed --only $only --iters 20 \
  --out $OUT/attn 2>&1 | grep -Ev "$F" > $OUT/attn_$step.log
echo "bench rc ${PIPESTATUS[0]}"
grep -E "^\| " $OUT/attn_$step.log
cp $OUT/attn/*/extend_attention.json $OUT/attn_$step.json 2>/dev/null; rm -rf $OUT/attn
date +%T
