#!/bin/bash
# For the first one-GPU call that lands on an H200 (written in session 56, not yet run), from the
# repository root; session 55's h200_pending.sh (the hd128 chunk, the SwiGLU prefill rows) is for
# the call after it. Prints the GPU's name and stops at once on any other kind.
# Gemma prefill gate/up (issue 4's bar: 636 TFLOP/s against 650): the H200 table has 128 x
#    128 group tiles (session 38: 846 us a call against 864 for 128 x 192); on an H100 128 x 256
#    group tiles took 11% less time (841.1 vs 946.0 us; session 56, run391). The configs run
#    (XLA, the two configs, bands 1 and 2 of the faster; about 200 s) with --update-tuning (the
#    table to $OUT), then the public op beside the peers (merge its records
#    into benchmarks/results/h200/grouped_gemm.json with benchmarks._report.replace_records).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "$gpu"
[[ "$gpu" == *H200* ]] || exit 0
configs gm_prefill_gu 220 --only Gm_prefill_gu --layouts contiguous \
  --configs m128/n256/s4/m/b8/groups,m128/n128/s5 --lhs_boxes one
grep -E "^Gm_" $OUT/gm_prefill_gu.log | cut -c1-140
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/h200_grouped_gemm_pallas.json
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PYTHONPATH:/tmp/peers
timeout 130 python3 -m benchmarks.grouped_gemm --only Gm_prefill_gu --layouts contiguous \
  --iters 20 --out $OUT/bench_gm 2>&1 | grep -Ev "$F" > $OUT/bench_gm.log; tail -8 $OUT/bench_gm.log
