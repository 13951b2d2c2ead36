#!/bin/bash
# Session 45, call 1: what bounds Gemma prefill and the fp8 decode row.
# Gemma prefill gate/up: lhs boxes capped at 64 rows (25% less L2->SM traffic, same copies and
# wgmmas; wrong by design), odd K steps without an lhs load (fewer copies too; wrong by design),
# the producer taking two free slots before issuing their loads, 6 stages with one output buffer.
# fp8 decode: 6 stages with one output buffer per consumer (the 128 x 128 ring then fits), one
# output buffer alone, the producer issuing 2 or 4 K steps' loads back to back.
A=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
bash $A 290 gm_l2 2 Gm_prefill_gu table \
  cap64=mosaic.LHS_CAP:64,check:false skipodd=mosaic.LHS_ODD_SKIP:true,check:false \
  pair2=mosaic.ISSUE_GROUP:2 s6e1=num_stages:6,mosaic.EPI_BUFS:1
bash $A 250 fp8_dec 2 DS_G16_m64_gu/fp8 table e1=mosaic.EPI_BUFS:1 \
  s6e1=num_stages:6,mosaic.EPI_BUFS:1 pair2=mosaic.ISSUE_GROUP:2 pair4=mosaic.ISSUE_GROUP:4 \
  s6e1p2=num_stages:6,mosaic.EPI_BUFS:1,mosaic.ISSUE_GROUP:2
