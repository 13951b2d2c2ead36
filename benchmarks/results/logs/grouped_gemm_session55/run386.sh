#!/bin/bash
# Session 55, call 5 (one GPU; run386, the 5th of the session: run382-384 and run385 are in
# ../extend_attention_session55/): N-edge table rows for this device, the group-tile configs only
# (every config won by them in run385 and session 54's n_edge.py): GO_tp4 (N 1440) prefill and
# decode, then GO_tp2 with SwiGLU (N/2 1440) prefill; --update-tuning.
source benchmarks/results/logs/grouped_gemm_session53/lib.sh
nvidia-smi --query-gpu=name --format=csv,noheader
configs n_edge_tp4 330 --shape_set n_edge --rhs_layout nk --configs groups --only GO_tp4_gu_t8192,GO_tp4_gu_t128
grep -E "^GO_" $OUT/n_edge_tp4.log | cut -c1-120
cp $OUT/h100_grouped_gemm_pallas.json $OUT/h100_grouped_gemm_pallas_tp4.json
configs n_edge_tp2_swiglu $((585 - SECONDS)) --shape_set n_edge --rhs_layout nk --configs groups --only GO_tp2_gu_t8192 --activation swiglu
grep -E "^GO_" $OUT/n_edge_tp2_swiglu.log | cut -c1-120
