#!/bin/bash
# Session 61, one H200 (repository root): Gemma gate/up with the SwiGLU epilogue on the table's
# 128 x 256 group tiles (band 1 since session 26, 903.8 us then) beside 128 x 128 with 5 stages
# (841.6 us at band 1 in run413), on the kernel as committed, each checked then timed; band 1 of
# the faster. The run's rows in $OUT/gm_sw.tuning/.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
configs gm_sw 400 --only Gm_prefill_gu --layouts contiguous --activation swiglu \
  --configs m128/n256/s4/m/b8/groups,m128/n128/s5/m/b8/groups --bands 1 --lhs_boxes ""
grep -E "^Gm_" $OUT/gm_sw.log | cut -c1-140
