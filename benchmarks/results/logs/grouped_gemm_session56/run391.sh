#!/bin/bash
# Session 56, call 5 (one GPU): Gemma prefill gate/up's group-tile configs on this kind's table
# (run390's A/B had 128 x 256 group tiles 8% ahead of the table's 128 x 128 on an H100):
# XLA and 3 group-tile configs, then bands 1 / 2 and exact boxes of the fastest; --update-tuning.
# On an H200: session 56's h200_pending.sh instead.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "$gpu"
[[ "$gpu" == *H200* ]] && { bash benchmarks/results/logs/grouped_gemm_session56/h200_pending.sh; exit; }
configs gm_prefill_gu 580 --only Gm_prefill_gu --layouts contiguous \
  --configs m128/n256/s4/m/b8/groups,m128/n128/s5,m128/n192
grep -E "^Gm_" $OUT/gm_prefill_gu.log | cut -c1-140
