# Sourced by session 53's run scripts, from the repository root on the device: session 51's
# lib.sh (the device environment: no NVLink multicast, the repository and tests on PYTHONPATH; F,
# absl's log lines) and configs(): one grouped_gemm_configs run with --update-tuning (no peers:
# this session measures the kernel against our XLA path for the H100 table), its log and the
# table after it. (run373-377 ran with those exports written out here; the same values.)
source benchmarks/results/logs/gemm_rs_session51/lib.sh

# configs NAME LIMIT FLAGS...: $OUT/NAME.log (one line per record, then the summary table),
# $OUT/NAME.json (the records) and $OUT/NAME.tuning/ (only the table rows the run wrote, for
# `python -m benchmarks.merge_tuning`). Until session 60 it copied the H100 table after the run
# to $OUT/h100_grouped_gemm_pallas.json instead, whatever kind ran (sessions 53-56 and 60's runs).
configs() {
  local name=$1 limit=$2; shift 2
  local t0=$SECONDS
  timeout "$limit" python3 -m benchmarks.grouped_gemm_configs --nopeers --update-tuning \
    --out $OUT/$name "$@" 2>&1 | grep -Ev "$F" > $OUT/$name.log
  echo "$name: rc ${PIPESTATUS[0]}, $((SECONDS - t0)) s"
  cp $OUT/$name/*/grouped_gemm_configs.json $OUT/$name.json 2>/dev/null
  cp -r $OUT/$name/tuning $OUT/$name.tuning 2>/dev/null
  rm -rf $OUT/$name
  grep -E "failed|^wrote" $OUT/$name.log | cut -c1-160
}
