#!/bin/bash
# Session 74, ready (not run; one H200, repository root, about 4 minutes): where fp8's exact
# starts stop. DS_G16_m64_gu/fp8 with exact starts ends in CUDA_ERROR_ILLEGAL_INSTRUCTION on the
# H200 (session 71 run476, session 73 run482) and passes the interpret tests; with its lhs through
# the untiled view at the old starts it runs and checks (run482). An illegal instruction is what
# a `trap` (a failed device-side check) raises too. This runs the exact-start variant alone
# (session 72's fp8_exact_experiment.patch, `git apply --check` first) under NVIDIA's
# compute-sanitizer, if the machine has it, which names the faulting instruction's PC and
# kernel; and dumps that build's PTX and SASS (AB_DUMP_TO) to find the PC in. Without the
# sanitizer it runs with CUDA_LAUNCH_BLOCKING=1 and keeps the dump only.
source benchmarks/device_env.sh
nvidia-smi --query-gpu=name --format=csv,noheader
patch=benchmarks/results/logs/session72/fp8_exact_experiment.patch
ab=benchmarks/results/logs/grouped_gemm_session20/ab_configs.py
git apply --check $patch || exit 1
git apply $patch
san=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
echo "compute-sanitizer: ${san:-none}"
export AB_DUMP_TO=/tmp/fp8_exact_dump
run=(python $ab "$OUT" fp8_exact 1 DS_G16_m64_gu/fp8 "exact=support.EXACT_STARTS_FP8:true")
date +%T
if [ -n "$san" ]; then
  timeout 300 "$san" --print-limit 20 --show-backtrace device "${run[@]}" > $OUT/sanitizer.log 2>&1
else
  CUDA_LAUNCH_BLOCKING=1 timeout 300 "${run[@]}" > $OUT/sanitizer.log 2>&1
fi
echo "rc $?"
grep -E "=========|Illegal|illegal|Error|error" $OUT/sanitizer.log | grep -v "^[IW][0-9]" | head -40
tar czf $OUT/fp8_exact_sass.tgz -C $AB_DUMP_TO . 2>/dev/null
git apply -R $patch
date +%T
