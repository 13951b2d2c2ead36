#!/usr/bin/env bash
# Session 51 (issue 5), first multi-GPU call. On H200s (the bar's machine, never lent as x4 to
# this kernel before): session 50's run358 as it is (multi_gpu tests at tp 4, then the bar shapes
# at tp 4 and 2, unfused beside both fused forms, the H200 table's rows replaced). On H100s
# (where run358 already measured them): the tp 2 sweep instead (those rows date from session 49's
# kernel), unfused beside n256/s4/in/d, the H100 table's rows replaced.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
bar_run_if_h200
sweep 2 ${LIMIT:-560}
tail -2 $OUT/bench.log
