#!/bin/bash
# Session 79, call 2 (one H200, repository root, under 10 minutes): call 1's A/B lost on the
# 16-bit rows it reached (cluster=2 2-5% slower); the fp8 prefill rows, whose K steps take half
# the time for the same bytes from L2 (so the shared lhs box saves more of what bounds them),
# and DeepSeek's down projection (cut from call 1), the same way: ab_run.sh, 2 rounds.
source benchmarks/device_env.sh
ab=benchmarks/results/logs/grouped_gemm_session20/ab_run.sh
date +%T
bash $ab 200 fp8_gm 2 Gm_prefill_gu/fp8 table "b1=band:1" "c2b1=cluster:2,band:1"
date +%T
bash $ab 200 fp8_ds_dn 2 DS_prefill_G16_M16384_gu/fp8,DS_prefill_G16_M16384_dn table "c2=cluster:2"
date +%T
