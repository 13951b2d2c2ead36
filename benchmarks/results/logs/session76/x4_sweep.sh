#!/bin/bash
# Ready for the next nvidia-h200-x4 lease (repository root; not run in session 76): the tp 4
# sweep, unfused beside the table's n256/s4/in/d, n256/s4/in/d/t (split_tail) and n256/s4/in/d/k4
# (tail_segments), in two calls of about 9 minutes (STEP=1: the shapes of M <= 1024, the bar
# rows and M4096_N4096_K2048; STEP=2: the other 11), records only (the table's tp 4 rows are
# session 64's run432/run439; rebuild them from the records with `_report.gemm_rs_tuning_rows`,
# as session 64 did). Run x4_next.sh first: /k4 has not run on a GPU yet. TP=2 (session 77's
# x2_sweep.sh, on nvidia-h200-x2): the same at tp 2.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
if [ "${STEP:-1}" = 1 ]; then
  SHAPES=M256_N8192_K8192,M1024_N8192_K8192,M8192_N8192_K8192,M8192_N8192_K29568,M256_N4096_K4096,M256_N8192_K29568,M512_N4096_K4096,M512_N8192_K8192,M512_N8192_K29568,M1024_N4096_K4096,M1024_N8192_K29568,M4096_N4096_K2048
else
  SHAPES=M4096_N4096_K8192,M2048_N4096_K4096,M2048_N8192_K8192,M2048_N8192_K29568,M4096_N4096_K4096,M4096_N8192_K8192,M4096_N8192_K29568,M8192_N4096_K4096,M16384_N4096_K4096,M16384_N8192_K8192,M16384_N8192_K29568
fi
AB_LIMIT=540
source benchmarks/results/logs/session76/ab.sh
ab ${TP:-4} n256/s4/in/d,n256/s4/in/d/t,n256/s4/in/d/k4 sweep_tp${TP:-4}_$STEP
date +%T
