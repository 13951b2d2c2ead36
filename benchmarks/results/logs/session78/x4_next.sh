#!/bin/bash
# Ready for the next nvidia-h200-x4 lease (repository root; not run in session 78, which was lent
# no -x4). Supersedes session 76's x4_next.sh, whose -k selections now also pick the /c2 tests.
# STEP=1 (about 8 minutes): the table's default n256/s4/in/d (9 shapes; its deal became
# plan.Deal after its last tp 4 run) and 4 chained-call tests, then tail_segments (/k4, never
# run at tp 4), at tp 4.
# STEP=2 (about 5 minutes): the three 2-CTA cluster configs (/c2: d/c2, t/c2, k4/c2; run at
# tp 2 only, session 78's run508) at tp 4: 24 shapes x configs and 2 chained-call tests.
# STEP=3 (at most 9.5 minutes; records are written after each shape, so a cut run keeps the
# shapes before it): the two tp 4 bar rows, then M = 2048 and 16384 at K = 29568 (session 76's
# A/B shapes), unfused beside the six candidates (d, t, k4 and each on clusters), two rounds in
# either order (--rounds 2). At tp 2 a record took 3.8-5.6 s (session 78's run509 and run511).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
date +%T
case "${STEP:-1}" in
  1) fused_tests tests_default_tp4.log 300 \
       "n256/s4/in/d and not d/t and not d/k4 and not c2 or seed-f32 or seed-in4d and not seed-in4dc and not seed-in4dtc" | tail -14
     date +%T
     fused_tests tests_k4_tp4.log 250 "d/k4 and not c2 or in4dk" | tail -11 ;;
  2) fused_tests tests_c2_tp4.log 560 "c2 or in4dc or in4dtc" | tail -27 ;;
  3) SHAPES=M8192_N8192_K8192,M8192_N8192_K29568,M2048_N8192_K29568,M16384_N8192_K29568
     AB_LIMIT=570 AB_FLAGS="--rounds 2"
     source benchmarks/results/logs/session76/ab.sh
     ab 4 n256/s4/in/d,n256/s4/in/d/t,n256/s4/in/d/k4,n256/s4/in/d/c2,n256/s4/in/d/t/c2,n256/s4/in/d/k4/c2 bar_tp4 ;;
esac
date +%T
