#!/bin/bash
# Session 29 review, call 11 (H200): the XLA path's invalid rows zeroed on the side _zero_lhs
# picks (also for the masked layout: the lhs when K <= N) vs the reference.py of 7d807e2 (":old":
# masked always on the result, one group on the result when K > N), 3 rounds.
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session29
export OLD_REFERENCE=$D/old_reference.py
mkdir -p $OUT/side
timeout 280 python $D/ab_one_group.py $OUT/side 3 \
  DS_G1_m1024_dn,DS_G1_m1024_gu,DS_G1_m1024_dn/masked,DS_G4_m256_dn/masked,DS_G16_m32_dn/masked,Gm_decode_dn/masked,DS_G1_m1024_gu/masked \
  xla,xla:old 2>&1 | grep -v "^[IW]11" | tee $OUT/ab_select_side_run194.log
python - <<'PY' 2>&1 | tee -a $OUT/ab_select_side_run194.log
import json, os
for r in json.load(open(os.environ["OUT"] + "/side/ab_one_group.json")):
  print(r["shape"], r["round"], r["variant"], round(r.get("us") or -1, 1),
        {k: round(v, 1) for k, v in (r.get("kernels") or {}).items()})
PY
