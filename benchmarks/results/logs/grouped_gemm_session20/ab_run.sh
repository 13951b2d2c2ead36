#!/bin/bash
# One ab_configs.py run on the device, from the repository root, with the device's environment
# (no NVLink multicast; the repository and tests on PYTHONPATH), instead of each run script
# writing them out again (session 40's review: sessions 39-40 had eighteen copies).
#   bash .../ab_run.sh LIMIT_S NAME ROUNDS ROW[,ROW...] VARIANT [VARIANT ...]
# writes $OUT/NAME.json (ab_configs.py) and $OUT/NAME.log (its result lines); PTXAS=1 also has
# ptxas report on every build and keeps its spill / C75xx (wgmma serialization) lines, counted,
# in $OUT/NAME_ptxas.log. SASS=1 (session 42) has every variant's builds dump PTX and SASS
# (ab_configs.py's AB_DUMP_TO), packed as $OUT/NAME_sass.tgz.
source benchmarks/device_env.sh   # (session 71's review: written out here before)
limit=$1 name=$2
shift 2
ab=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
if [ -n "$SASS" ]; then
  export AB_DUMP_TO=/tmp/ab_dump_$name
  trap 'tar czf "$OUT/${name}_sass.tgz" -C "$AB_DUMP_TO" . && rm -rf "$AB_DUMP_TO"' EXIT
fi
if [ -n "$PTXAS" ]; then
  MOSAIC_GPU_DUMP_PTXAS=1 timeout "$limit" python $ab "$OUT" "$name" "$@" > "$OUT/$name.full.log" 2>&1
  grep -E "C75|spill|Traceback|Error" "$OUT/$name.full.log" | sort | uniq -c | sort -rn \
    > "$OUT/${name}_ptxas.log"
  cat "$OUT/${name}_ptxas.log"
  grep -E "^r[0-9]" "$OUT/$name.full.log" | tee "$OUT/$name.log"
else
  timeout "$limit" python $ab "$OUT" "$name" "$@" 2>&1 | grep -v "^[IW]11" | tee "$OUT/$name.log"
fi
