# Sourced by this session's run scripts (run361-run365), from the repository root on the device
# (the review of session 51 folded their repeated lines in here; each script's commands are
# unchanged): the device environment (no NVLink multicast; the repository and tests on
# PYTHONPATH), F (absl's log lines, filtered out of the logs) and three helpers.
source benchmarks/device_env.sh   # (written out here until session 71)
F='^[IW][0-9]{4}'

# only_on KIND: print the GPUs' name and end the script unless it contains KIND (e.g. H200).
only_on() {
  local gpu
  gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
  echo "$gpu"
  [[ "$gpu" == *"$1"* ]] || exit 0
}

# with_peers: install the carried peer wheels (`.peers`) and put them on PYTHONPATH.
with_peers() {
  bash benchmarks/install_peers.sh > /dev/null 2>&1
  export PYTHONPATH=$PYTHONPATH:/tmp/peers
}

# bar_run_if_h200: print the GPUs' name; on H200s (issue 5's bar machine) run session 50's
# run358.sh (multi_gpu tests at tp 4, the bar shapes at tp 4 and 2) and end the script.
bar_run_if_h200() {
  local gpu
  gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
  echo "$gpu"
  if [[ "$gpu" == *H200* ]]; then
    bash benchmarks/results/logs/gemm_rs_session50/run358.sh
    exit
  fi
}

# sweep TP LIMIT [SHAPES]: the GEMM + RS benchmark's sweep shapes (SHAPES: a comma list, else
# all) at TP, unfused beside n256/s4/in/d, table rows replaced (--update-tuning); $OUT/bench.log,
# $OUT/bench/tuning/ (only the rows the run wrote, for `python -m benchmarks.merge_tuning`) and
# one summary line per record. Until session 60 it copied every kind's whole table to
# $OUT/<kind>_gemm_rs.json instead.
sweep() {
  timeout "$2" python3 -m benchmarks.gemm_reduce_scatter --tp "$1" --shapes sweep ${3:+--only $3} \
    --update-tuning --fused_configs n256/s4/in/d --iters 10 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
  grep "^tp=" $OUT/bench.log | sed 's/jaxkern://' | awk '{print $1,$2,$3,$5,$7,$9}'
}

# fused_tests LOG LIMIT SELECTION: the fused kernel's multi_gpu tests picked by `-k SELECTION`
# on the visible GPUs (tp = their count), into $OUT/LOG, and one line per test.
fused_tests() {
  timeout "$2" python3 -m pytest -m multi_gpu -v tests/sharding/test_gemm_rs_fused.py -k "$3" 2>&1 \
    | grep -Ev "$F" > $OUT/$1
  grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/$1 | sed 's/.*test_gemm_rs_fused.py:://' | cut -c1-100
}
