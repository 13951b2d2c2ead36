#!/bin/bash
# Session 29, call 10 (H200): the one-group XLA path with the SwiGLU epilogue (float32 product,
# the select on the result may fuse into the epilogue) vs the lhs select (":old"), 3 rounds.
# (lax.ragged_dot has no epilogue: its rows fail the SwiGLU check by design.)
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session29
export OLD_REFERENCE=$D/old_reference.py
mkdir -p $OUT/one
timeout 200 python $D/ab_one_group.py $OUT/one 3 DS_G1_m1024_gu/swiglu \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_one_group_swiglu_run193.log
python - <<'PY' 2>&1 | tee -a $OUT/ab_one_group_swiglu_run193.log
import json, os
for r in json.load(open(os.environ["OUT"] + "/one/ab_one_group.json")):
  print(r["shape"], r["round"], r["variant"], round(r.get("us") or -1, 1),
        {k: round(v, 1) for k, v in (r.get("kernels") or {}).items()})
PY
