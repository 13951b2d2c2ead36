#!/bin/bash
# Session 65, one H200 (repository root): stream_probe.py (the weights' TMA streaming rate by box,
# ring depth, layout, deal order, CTAs per SM, beside XLA reading the same array).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
timeout 240 python3 benchmarks/results/logs/session65/stream_probe.py $OUT/stream.json gm_dn ds_dn 2>&1 \
  | grep -Ev "$F" | tee $OUT/stream.log
