#!/bin/bash
# Session 55, call 2 (one GPU): ab_prefixes.py (persistent CTAs vs one CTA per item on batches of
# mixed and skewed prefixes), then the public op (the rule now launches chunks over a prefix
# persistently where the launch model predicts a gain) beside the peers on the chunk shapes with
# a prefix, page size 16.
source benchmarks/results/logs/gemm_rs_session51/lib.sh
bash benchmarks/install_peers.sh > /dev/null 2>&1
export PYTHONPATH=$PYTHONPATH:/tmp/peers
E=benchmarks/results/logs/extend_attention_session55
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 290 python $E/ab_prefixes.py $OUT 2 2>&1 | grep -Ev "$F" | tee $OUT/ab_prefixes.log | grep -E "^r[0-9]|Error|error" | cut -c1-150
mkdir -p $OUT/seed $OUT/hd128
timeout $((590 - SECONDS)) python -m benchmarks.extend_attention --shapes all --only hd128_chunk_8x1024_p1024,chunk_32x512_p512,chunk_16x1024_p1024,chunk_8x512_p512 --page_sizes 16 --iters 20 --out $OUT/bench 2>&1 | grep -Ev "$F" | tee $OUT/bench.log | tail -14
