#!/bin/bash
# Session 29, call 6 (H200): the one-group XLA path with the cheaper select (output rows if
# K > N, else lhs rows) vs the lhs select (":old") beside lax.ragged_dot, 3 rounds; then the
# fusions of the K > N form.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 PYTHONUNBUFFERED=1
export PYTHONPATH=$PWD:$PWD/tests
D=benchmarks/results/logs/grouped_gemm_session29
export OLD_REFERENCE=$D/old_reference.py
mkdir -p $OUT/one
timeout 200 python $D/ab_one_group.py $OUT/one 3 DS_G1_m1024_gu,DS_G1_m1024_dn \
  2>&1 | grep -v "^[IW]11" | tee $OUT/ab_one_group_run189.log
python - <<'PY' 2>&1 | tee -a $OUT/ab_one_group_run189.log
import json, os
for r in json.load(open(os.environ["OUT"] + "/one/ab_one_group.json")):
  print(r["shape"], r["round"], r["variant"], round(r.get("us") or -1, 1),
        {k: round(v, 1) for k, v in (r.get("kernels") or {}).items()})
PY
timeout 60 python $D/hlo_one_group.py 2>&1 | grep -v "^[IW]11" | tee $OUT/hlo_one_group_run189.log
