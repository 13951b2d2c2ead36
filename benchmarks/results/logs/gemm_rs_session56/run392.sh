#!/usr/bin/env bash
# Session 56 (issue 5), asked for nvidia-h200-x4 (lent from this session's last status on) with
# about 6 minutes of device time left. On H200s: issue 5's bar shapes (8192 x 8192 x 8192 and
# x 29568) at tp 4 then tp 2, unfused beside the shipped fused config (n256/s4/in/d), the H200
# table's rows replaced (--update-tuning); no H200 has timed this kernel (sessions 48-52's) yet.
# On anything else: print the GPUs and stop.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
[[ "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" == *H200* ]] || exit 0
timeout 320 python3 -m benchmarks.gemm_reduce_scatter --tp 4,2 --shapes sweep \
  --only M8192_N8192_K8192,M8192_N8192_K29568 --update-tuning --fused_configs n256/s4/in/d \
  --iters 10 --out $OUT/bench 2>&1 | grep -Ev "$F" > $OUT/bench.log
for d in jaxkern/tuning/nvidia_*; do cp $d/gemm_reduce_scatter.json $OUT/$(basename $d)_gemm_rs.json 2>/dev/null; done
grep "^tp=" $OUT/bench.log | sed 's/jaxkern://' | awk '{print $1,$2,$3,$5,$7,$9}'
tail -3 $OUT/bench.log
