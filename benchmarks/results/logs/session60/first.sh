#!/bin/bash
# Session 60's first one-GPU call (repository root, `.peers` carried): on an H200, session 56's
# h200_pending.sh (Gemma prefill gate/up group tiles, the public op beside the peers); on an
# H100, the next H100 attention-table rows (session 59's "ready" list, item 1).
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
if [[ "$gpu" == *H200* ]]; then
  bash benchmarks/results/logs/grouped_gemm_session56/h200_pending.sh
else
  bash benchmarks/results/logs/h100_tables_session57/h100_attention_rows.sh hd128_verify_w1024,chunk_32x512_p512
fi
