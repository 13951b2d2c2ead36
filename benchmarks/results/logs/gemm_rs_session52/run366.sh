#!/usr/bin/env bash
# Session 52, first multi-GPU call: a's K shard read where it is (no pad; `_mgpu.operand_ring`).
# 1. the grouped GEMM's new partial-K-step GPU test (one GPU: the same ring view, which also fixes
#    K % 64 != 0, which failed to lower before); 2. the fused kernel's multi_gpu tests at tp 4 on
#    partial K steps (K/tp 7392, 1040, 1032), partial tiles and the bar shape (run358's selection);
#    3. ab_pad.py: the shipped kernel against the one before (a padded first), bar shape, tp 4.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader | uniq -c
CUDA_VISIBLE_DEVICES=0 timeout ${GLIMIT:-200} python3 -m pytest -m gpu -v tests/gpu/test_gpu_ops.py \
  -k partial_k_steps 2>&1 | grep -Ev "$F" > $OUT/tests_gg.log
grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/tests_gg.log | sed 's/.*test_gpu_ops.py:://' | cut -c1-100
fused_tests tests_tp4.log ${TLIMIT:-200} "4128 or 1056x4032x4160 or 8192x8192x29568"
timeout ${ALIMIT:-170} python3 benchmarks/results/logs/gemm_rs_session52/ab_pad.py $OUT 4 2 \
  "8192,8192,29568" view,padded 2>&1 | grep -Ev "$F" > $OUT/ab_pad.log
grep '^{' $OUT/ab_pad.log | python3 -c "
import json, sys
for l in sys.stdin:
  r = json.loads(l); print(r['round'], r['variant'], r['wall'], r['cupti'], r['span'], r['ok'])"
