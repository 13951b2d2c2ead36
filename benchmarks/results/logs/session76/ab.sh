# Sourced by session 76's A/B scripts (after gemm_rs_session51/lib.sh): ab TP CONFIGS TAG times
# $SHAPES (sweep shape names) at TP, unfused beside the fused CONFIGS in their order, into
# $OUT/TAG.json / TAG.log, and prints one line per record.
ab() {   # ab TP ORDER TAG
  timeout ${AB_LIMIT:-140} python3 -m benchmarks.gemm_reduce_scatter --tp $1 --shapes sweep \
    --only $SHAPES --fused_configs $2 --iters 10 $AB_FLAGS \
    --out $OUT/$3 2>&1 | grep -Ev "$F" > $OUT/$3.log
  echo "$3 rc ${PIPESTATUS[0]}"
  cp $OUT/$3/*/gemm_reduce_scatter*.json $OUT/$3.json 2>/dev/null; rm -rf $OUT/$3
  python3 - $OUT/$3.json <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["records"]:
  print(r["tp"], r["shape"], r["impl"], "wall", r["us"] and round(r["us"], 1), "span",
        r.get("span_us") and round(r["span_us"], 1), "cupti", r.get("cupti_us") and
        round(r["cupti_us"], 1), "back to back", r.get("sustained_us") and
        round(r["sustained_us"], 1), "err", r.get("err") and f'{r["err"]:.1e}')
PY
}
