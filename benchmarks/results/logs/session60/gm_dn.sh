#!/bin/bash
# Session 60's last call (about 240 s of device time left), one H200, `.peers` carried: Gm_prefill_dn's
# public op beside the peers (run410's configs run was cut before this shape; the committed
# record is 402.3 us, 646 TFLOP/s, against issue 4's 650 bar). Stops at once on another kind.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "$gpu"
[[ "$gpu" == *H200* ]] || exit 0
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PYTHONPATH:/tmp/peers
timeout 130 python3 -m benchmarks.grouped_gemm --only Gm_prefill_dn --layouts contiguous \
  --iters 20 --out $OUT/bench_dn 2>&1 | grep -Ev "$F" > $OUT/bench_dn.log; tail -8 $OUT/bench_dn.log
