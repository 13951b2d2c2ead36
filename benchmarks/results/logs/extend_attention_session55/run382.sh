#!/bin/bash
# Session 55, call 1 (one GPU): on an H200 first the H200 table's contiguous SwiGLU prefill rows
# (session 54's run378.sh: every candidate, --update-tuning); then ab_persist.py (persistent CTAs
# on chunks over a prefix of more than one key block) on the chunk shapes with a prefix.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
E=benchmarks/results/logs/extend_attention_session55
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "$gpu"
if [[ "$gpu" == *H200* ]]; then
  bash benchmarks/results/logs/grouped_gemm_session54/run378.sh
  cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/h200_grouped_gemm_pallas.json
fi
timeout $((560 - SECONDS)) python $E/ab_persist.py $OUT hd128_chunk_8x1024_p1024,chunk_16x1024_p1024,chunk_32x512_p512,chunk_8x512_p512 2 2>&1 | grep -Ev "$F" | tee $OUT/ab_persist.log | grep -E "^r[0-9]|Error|error" | cut -c1-150
