#!/bin/bash
# Session 78, on nvidia-h200-x2 (repository root): the tp 2 sweep, unfused beside the table's
# three fused configs (n256/s4/in/d, /t, /k4) and the same three with 2-CTA clusters (/c2), one
# round, in two calls (STEP=1: the shapes of M <= 1024, the bar rows and M4096_N4096_K2048;
# STEP=2: the other 11), records only. /c2 cannot run M/tp of an odd number of 128-row tiles
# (M = 256 at tp 2): those records say so (us None). REV=1 (not run in session 78): the fused
# configs in the reverse order, for a second round of all 23 shapes (run511-512 + these two
# calls would give every tp 2 row the two runs in either order that merge.py asks for; session
# 78 ran the reverse round on four shapes only, x2_sweep_c2_rev.sh).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
if [ "${STEP:-1}" = 1 ]; then
  SHAPES=M256_N8192_K8192,M1024_N8192_K8192,M8192_N8192_K8192,M8192_N8192_K29568,M256_N4096_K4096,M256_N8192_K29568,M512_N4096_K4096,M512_N8192_K8192,M512_N8192_K29568,M1024_N4096_K4096,M1024_N8192_K29568,M4096_N4096_K2048
else
  SHAPES=M4096_N4096_K8192,M2048_N4096_K4096,M2048_N8192_K8192,M2048_N8192_K29568,M4096_N4096_K4096,M4096_N8192_K8192,M4096_N8192_K29568,M8192_N4096_K4096,M16384_N4096_K4096,M16384_N8192_K8192,M16384_N8192_K29568
fi
AB_LIMIT=570
source benchmarks/results/logs/session76/ab.sh
CONFIGS=n256/s4/in/d,n256/s4/in/d/t,n256/s4/in/d/k4,n256/s4/in/d/c2,n256/s4/in/d/t/c2,n256/s4/in/d/k4/c2
TAG=sweep_c2_tp2_${STEP:-1}
if [ "${REV:-0}" = 1 ]; then
  CONFIGS=$(echo $CONFIGS | tr ',' '\n' | tac | paste -sd,) TAG=${TAG}_rev
fi
ab 2 $CONFIGS $TAG
date +%T
