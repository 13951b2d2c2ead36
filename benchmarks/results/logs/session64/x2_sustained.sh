#!/usr/bin/env bash
# Session 64 (issue 5), nvidia-h200-x2: every sweep shape at tp 2, unfused beside n256/s4/in/d, now
# also dispatched back to back for 2 s per path (--sustain_s 2: the GPUs at their power cap),
# rows to $OUT/bench/tuning (merged by session64/merge.py, not blindly).
source benchmarks/results/logs/gemm_rs_session51/lib.sh
only_on H200
timeout ${LIMIT:-520} python3 -m benchmarks.gemm_reduce_scatter --tp 2 --shapes sweep --update-tuning \
  --fused_configs n256/s4/in/d --iters 10 --sustain_s 2 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
grep "^tp=" $OUT/bench.log | sed 's/jaxkern://' | awk '{print $1,$2,$3,$5,$7,$9,$11}'
cp -r $OUT/bench/tuning/nvidia_h200/gemm_reduce_scatter.json $OUT/tuning_rows.json 2>/dev/null
tail -2 $OUT/bench.log
