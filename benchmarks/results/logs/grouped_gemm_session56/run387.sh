#!/bin/bash
# Session 56, call 1 (one GPU, asked for nvidia-h200). On an H200: session 55's h200_pending.sh
# (the hd128 chunk's public op beside the peers; the stale H200 SwiGLU prefill table rows). On any
# other GPU: the N-edge decode row that session 55's run386 left unfinished (GO_tp4_gu_t128,
# 128 experts x 32 drawn rows, N 1440, K-major weights), group-tile configs, --update-tuning.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
if [[ "$gpu" == *H200* ]]; then
  bash benchmarks/results/logs/extend_attention_session55/h200_pending.sh
  exit
fi
echo "$gpu"
configs n_edge_tp4_decode 570 --shape_set n_edge --rhs_layout nk --configs groups --only GO_tp4_gu_t128
grep -E "^GO_" $OUT/n_edge_tp4_decode.log | cut -c1-140
