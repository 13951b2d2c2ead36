#!/bin/bash
# Session 55, call 4 (one GPU): the attention GPU tests of the PEERS.md chunk and head_dim 128
# shapes through the public op (the rule's pick on this device: the head_dim 128 chunk over a
# prefix now on persistent CTAs); then session 54's pending N-edge table rows for this device
# (grouped_gemm_configs --shape_set n_edge --rhs_layout nk, no activation; --update-tuning).
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 200 python3 -m pytest -m gpu tests/gpu/test_gpu_ops.py -v -k "extend_attention_peers_shapes and (chunk or hd128)" 2>&1 | grep -Ev "$F" > $OUT/gpu_tests_attention.log
grep -E "PASSED|FAILED|ERROR|passed|failed" $OUT/gpu_tests_attention.log | sed 's/.*test_gpu_ops.py:://' | cut -c1-100
configs n_edge $((585 - SECONDS)) --shape_set n_edge --rhs_layout nk
grep -E "^GO_" $OUT/n_edge.log | cut -c1-120
