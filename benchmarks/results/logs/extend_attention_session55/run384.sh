#!/bin/bash
# Session 55, call 3 (one GPU): ab_deal.py: one CTA per item / the static persistent deal / the
# run-time deal (plan.runtime_deal), on uniform-prefix chunks, two prefix-free chunks the rule
# already runs persistently, and the mixed-prefix batches of run383.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
E=benchmarks/results/logs/extend_attention_session55
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 580 python $E/ab_deal.py $OUT hd256_32x512_mixed,hd256_16x1024_mixed,hd128_8x1024_mixed,hd128_chunk_8x1024_p1024,chunk_32x512_p512,chunk_16x1024_p1024,chunk_32x512_p0,chunk_16x1024_p0 2 2>&1 | grep -Ev "$F" | tee $OUT/ab_deal.log | grep -E "^r[0-9]|Error|error" | cut -c1-160
