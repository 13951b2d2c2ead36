#!/bin/bash
# Session 74, run490 (one H200; the session's last ~300 s of device time): DeepSeek bf16 down
# projection prefill, the table config (band 8) against band 16, which ran 0.7% under it in
# run489's only complete round of the two (650.0 vs 654.5 kernel us). Two more rounds, one
# process, checked; the rounds of run489 and run490 are joined by the merge script
# (`joined_rounds`). nvidia-smi samples every 100 ms ($OUT/smi.csv), to see the clocks and power
# inside the timed bursts (run489's 1 s samples caught only the compiles).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
only_on H200
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active \
  --format=csv,noheader -lms 100 > $OUT/smi.csv 2>&1 &
smi=$!
date +%T
bash benchmarks/results/logs/grouped_gemm_session20/ab_run.sh 240 dsdn16 2 \
  DS_prefill_G16_M16384_dn table "b16=band:16"
kill $smi
date +%T
