#!/bin/bash
# Session 61, one H200 (repository root): the narrow last column tile (`support.last_tile_cols`)
# and the shifted deal. 1. The GPU tests whose configs leave a narrow last column tile at real
# sizes (Gemma's N = 1408 on 256-wide tiles, gpt-oss's 1440 / 720). 2. Gemma gate/up's 128 x 256
# group tiles (now narrow) beside the table's 128 x 128 in one process, each checked then
# timed, with bands 1, 2, 4 of the faster; then the SwiGLU form. Rows in $OUT/NAME.tuning/.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
timeout 200 python3 -m pytest -q -m gpu tests/gpu/test_gpu_ops.py \
  -k "(half_tiles or pallas_group_tiles) and Gm_ or n_edge_k_major" 2>&1 | grep -Ev "$F" > $OUT/gpu_tests.log
tail -3 $OUT/gpu_tests.log
configs gm_gu $((470 - SECONDS)) --only Gm_prefill_gu --layouts contiguous \
  --configs m128/n256/s4/m/b8/groups,m128/n128/s5/m/b8/groups --bands 1,2,4 --lhs_boxes ""
grep -E "^Gm_" $OUT/gm_gu.log | cut -c1-140
configs gm_sw $((580 - SECONDS)) --only Gm_prefill_gu --layouts contiguous --activation swiglu \
  --configs m128/n256/s4/m/b8/groups,m128/n128/s5/m/b8/groups --bands 1 --lhs_boxes ""
grep -E "^Gm_" $OUT/gm_sw.log | cut -c1-140
