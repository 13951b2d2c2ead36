#!/bin/bash
# For the first one-GPU call that lands on an H200 (written in session 55, not yet run): what is
# stale or untimed on the H200, in one call, from the repository root. Prints the GPU's name and
# stops at once on any other kind.
# 1. The public op beside the peers on the head_dim 128 chunk over a prefix, which the rule now
#    launches on persistent CTAs (the committed H200 record, 427.1 us vs tokamax 399.3, ran one
#    CTA per item). Merge: benchmarks._report.replace_records into
#    benchmarks/results/h200/extend_attention_hd128.json.
# 2. Session 54's run378.sh's configs run: every candidate on the H200 table's contiguous SwiGLU
#    prefill rows (row tiles from 4 candidates on 2026-11-22); --update-tuning, the table copied
#    to $OUT. Called here with this script's time left (run378.sh's own limit counts from its
#    own start: after step 1 it could run past the call's 600 s).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "$gpu"
[[ "$gpu" == *H200* ]] || exit 0
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PYTHONPATH:/tmp/peers
timeout 200 python -m benchmarks.extend_attention --shapes hd128 --only hd128_chunk_8x1024_p1024 \
  --page_sizes 16 --iters 20 --out $OUT/hd128 2>&1 | grep -Ev "$F" | tee $OUT/bench_hd128.log | tail -5
configs swiglu_prefill $((580 - SECONDS)) --layouts contiguous --activation swiglu \
  --only DS_prefill_G16_M16384_gu,DS_prefill_G8_M8192_gu
cp jaxkern/tuning/nvidia_h200/grouped_gemm_pallas.json $OUT/h200_grouped_gemm_pallas.json
